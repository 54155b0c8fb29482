import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";
import { place } from "../helpers/print-run.js";
import { waitFor } from "../helpers/wait-for.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("RPC: a command line over the limit", () => {
	it("a 100 MB prompt line is answered with a parse error at once; the next command is answered; stdin's end exits 0", async () => {
		const at = place("arbor-rpc-long-");
		dir = at.cwd;
		const child = spawn(process.execPath, [builtCli(), "--mode", "rpc", "--model", "compat:test-model", "--base-url", "http://127.0.0.1:9/v1"], {
			cwd: at.cwd,
			env: { ...process.env, ARBOR_HOME: at.home, NO_COLOR: "1" },
			stdio: "pipe",
		});
		let stdout = "";
		child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
		const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
		const prompt = `{"id":"big","type":"prompt","message":"${"x".repeat(100 * 1024 * 1024)}"}\n`;
		child.stdin.write(prompt);
		child.stdin.write('{"id":"after","type":"get_state"}\n');
		const lines = () => stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id?: string; command?: string; success?: boolean; error?: string });
		await waitFor(() => lines().some((l) => l.id === "after"), { timeoutMs: 30_000, what: "the answer to the command after the long line" });
		const [refused] = lines().filter((l) => l.command === "parse");
		expect(refused).toEqual({ type: "response", command: "parse", success: false, error: "Failed to parse command: a line over 67108864 characters; it is skipped up to its end" });
		expect(lines().find((l) => l.id === "after")?.success).toBe(true);
		expect(lines().some((l) => l.id === "big")).toBe(false);
		child.stdin.end();
		expect(await exited).toBe(0);
	});
});
