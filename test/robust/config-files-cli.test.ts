import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { CliRun } from "../helpers/cli.js";
import { useCliProject } from "../helpers/cli-project.js";
import { model } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();
beforeEach(() => fs.mkdirSync(fx.home));

/** A print run that is killed after 50 s (a hang is a failure, not a stuck test; generous, as a loaded machine is slow, under the 60 s test limit). */
function bounded(env: Record<string, string> = {}): Promise<CliRun> {
	let timer: NodeJS.Timeout | undefined;
	const run = fx.cli(["-p", ...model(fx.server?.url ?? "http://127.0.0.1:9/v1"), "hi"], {
		env,
		onSpawn: (pid) => (timer = setTimeout(() => process.kill(pid, "SIGKILL"), 50_000)),
	});
	return run.finally(() => clearTimeout(timer));
}

describe("configuration files that are not small regular files", () => {
	it("a FIFO, /dev/zero or /dev/urandom as settings.json or models.json: one arbor: line naming the file, exit 2, no hang", async () => {
		const projectSettings = path.join(fx.cwd, ".arbor", "settings.json");
		fs.mkdirSync(path.dirname(projectSettings));
		const cases: [string, (file: string) => void, string][] = [
			[path.join(fx.home, "settings.json"), (f) => execFileSync("mkfifo", [f]), "a FIFO"],
			[projectSettings, (f) => execFileSync("mkfifo", [f]), "a FIFO"],
			[path.join(fx.home, "models.json"), (f) => fs.symlinkSync("/dev/zero", f), "a device"],
			[path.join(fx.home, "settings.json"), (f) => fs.symlinkSync("/dev/urandom", f), "a device"],
		];
		for (const [file, make, kind] of cases) {
			make(file);
			const run = await bounded();
			expect([run.code, run.stderr]).toEqual([2, `arbor: ${file}: not a regular file (${kind}); arbor reads its configuration only from regular files\n`]);
			fs.rmSync(file);
		}
	});

	it("a settings.json over 4 MiB is refused by its size", async () => {
		const file = path.join(fx.home, "settings.json");
		fs.writeFileSync(file, `{"model": "${"x".repeat(5 * 1024 * 1024)}"}`);
		const run = await bounded();
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/^arbor: .*settings\.json: \d+ bytes, over the 4194304-byte limit of a configuration file\n$/);
	});
});

describe("settings keys and values", () => {
	it("constructor, toString and __proto__ are unknown keys like any other: the run goes on", async () => {
		await fx.serve([textReply("Fine.")]);
		fs.writeFileSync(path.join(fx.home, "settings.json"), '{"constructor": 1, "toString": "x", "__proto__": {"timeout": 5}, "hasOwnProperty": []}');
		const run = await bounded();
		expect([run.code, run.stderr, run.stdout]).toEqual([0, "", "Fine.\n"]);
	});

	it("a timeout beyond what a timer takes is refused with its range, never Node's TimeoutOverflowWarning", async () => {
		const file = path.join(fx.home, "settings.json");
		for (const [key, value] of [["timeout", "1e300"], ["timeout", "3000000"], ["extensionTimeout", "1e12"]]) {
			fs.writeFileSync(file, `{"${key}": ${value}}`);
			const run = await bounded();
			expect([run.code, run.stderr]).toEqual([2, `arbor: ${file}: "${key}" must be a number of seconds from 0 to 2147483, not ${Number(value)}\n`]);
		}
		fs.rmSync(file);
		const env = await bounded({ ARBOR_TIMEOUT: "3000000" });
		expect([env.code, env.stderr]).toEqual([2, 'arbor: ARBOR_TIMEOUT must be a number of seconds from 0 to 2147483, not "3000000"\n']);
	});
});
