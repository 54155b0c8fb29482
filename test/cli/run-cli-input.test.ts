import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

describe("the CLI test harness (runCli)", () => {
	// `arbor --version` never reads stdin: 4 MB of input cannot all fit in the pipe before it exits,
	// so the write fails with EPIPE. That used to be an uncaught error in the worker (a CI run
	// failed on it once, with every test passing).
	it("a command that exits without reading its input still gives its output and exit code", async () => {
		const run = await runCli(["--version"], { input: "x".repeat(4 << 20) });
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/\d+\.\d+\.\d+/);
	});
});
