// Imported first by every bench script: the processes it measures run without NODE_EXTRA_CA_CERTS.
// Some machines (CI images, this project's sandboxes) set it to the whole system CA bundle, and
// Node 20 then parses that file at the start of every process: ~38 ms of CPU before any code of
// the program runs, for arbor, pi and the floors' node scripts alike. No benched command makes a
// TLS connection. ARBOR_BENCH_KEEP_CA=1 keeps the variable (to measure what such a machine pays).
if (process.env.ARBOR_BENCH_KEEP_CA !== "1" && process.env.NODE_EXTRA_CA_CERTS !== undefined) {
	delete process.env.NODE_EXTRA_CA_CERTS;
	if (!process.env.ARBOR_BENCH_CA_NOTED) {
		process.env.ARBOR_BENCH_CA_NOTED = "1";
		console.log("(NODE_EXTRA_CA_CERTS is unset for the measured processes; ARBOR_BENCH_KEEP_CA=1 keeps it)");
	}
}
