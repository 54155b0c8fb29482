/**
 * Setup file of `npm run test:unit` (vitest.unit.config.ts): the edit-test loop starts no process.
 * Every child_process function throws, so a unit file that spawns the CLI, tmux, a browser, bash or
 * node fails at once and names the call; such a file belongs to the full suite (`npm test`) only.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

const SPAWNERS = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;

for (const name of SPAWNERS) {
	Object.assign(childProcess, {
		[name]: () => {
			throw new Error(`npm run test:unit starts no subprocess, but child_process.${name} was called: list this file in vitest.unit.config.ts (it runs with npm test)`);
		},
	});
}
// Named imports (`import { spawn } from "node:child_process"`) see the replacements too.
syncBuiltinESMExports();
