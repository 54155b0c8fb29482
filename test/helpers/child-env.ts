/**
 * globalSetup of `npm test` (vitest.config.ts): the workers and every process they start (the built CLI, node
 * scripts, tmux's shells) run without NODE_EXTRA_CA_CERTS. When it is set (this machine sets it to
 * the system's whole CA bundle), every node process parses that file at start-up: ~38 ms of CPU
 * each, about a fifth of a CLI test's child. The tests make no TLS connection (the model servers
 * are local http, test/helpers/sse-server.ts), so the bundle is never used.
 */
export default function childEnv(): () => void {
	const before = process.env.NODE_EXTRA_CA_CERTS;
	if (before === undefined) return () => {};
	delete process.env.NODE_EXTRA_CA_CERTS;
	return () => {
		process.env.NODE_EXTRA_CA_CERTS = before;
	};
}
