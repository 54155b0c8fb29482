/**
 * globalSetup of `npm test` (vitest.config.ts), after temp-root.ts: the environment the workers and every
 * process they start (the built CLI, node scripts, tmux's shells) inherit.
 * - No NODE_EXTRA_CA_CERTS. When it is set (this machine sets it to the system's whole CA bundle), every node
 *   process parses that file at start-up: ~38 ms of CPU each, about a fifth of a CLI test's child. The tests
 *   make no TLS connection (the model servers are local http, test/helpers/sse-server.ts).
 * - NODE_COMPILE_CACHE in the run's temp folder. On Node ≥ 22.1 the CLI turns on Node's compile cache, whose
 *   default folder is `<os temp>/node-compile-cache`; tests that give a child a TMPDIR of its own and check
 *   what it leaves there would find that folder. One cache for the run also spares each such child a cold one.
 *   test/cli/compile-cache.test.ts unsets it to see the default. Node 20 ignores it.
 */
import { join } from "node:path";

export default function childEnv(): () => void {
	const before = { certs: process.env.NODE_EXTRA_CA_CERTS, cache: process.env.NODE_COMPILE_CACHE };
	delete process.env.NODE_EXTRA_CA_CERTS;
	const root = process.env.ARBOR_TEST_TMP;
	if (root) process.env.NODE_COMPILE_CACHE = join(root, "node-compile-cache");
	return () => {
		restore("NODE_EXTRA_CA_CERTS", before.certs);
		restore("NODE_COMPILE_CACHE", before.cache);
	};
}

function restore(name: string, value: string | undefined): void {
	if (value === undefined) delete process.env[name];
	else process.env[name] = value;
}
