import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";
import { model } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useCliProject();

describe("piped stdin that stays open", () => {
	it("says once what it waits for, keeps reading, and uses the text when the pipe closes", async () => {
		const server = await fx.serve([textReply("Got it.")]);
		const { cwd, home } = fx;
		const child = spawn(process.execPath, [builtCli(), "-p", ...model(server.url), "and answer"], {
			cwd,
			env: { ...process.env, ARBOR_HOME: home },
			stdio: "pipe",
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8");
		child.stderr.setEncoding("utf8");
		child.stdout.on("data", (d: string) => (stdout += d));
		child.stderr.on("data", (d: string) => (stderr += d));
		const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
		// The pipe stays open, as with `sleep 100 | arbor -p`: the notice comes, nothing is sent yet.
		await waitFor(() => stderr.includes("\n"), { what: "the stdin notice" });
		expect(stderr).toBe("arbor: waiting for stdin to close — use </dev/null to skip it\n");
		expect(server.requests).toHaveLength(0);
		child.stdin.end("late question\n");
		expect(await exited).toBe(0);
		expect(stdout).toBe("Got it.\n");
		const sent = server.requests[0]!.body.messages.at(-1);
		expect(sent).toEqual({ role: "user", content: "late question\n\nand answer" });
		expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
	});
});
