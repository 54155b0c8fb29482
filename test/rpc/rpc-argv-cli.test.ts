import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { startSseServer, textReply } from "../helpers/sse-server.js";
import { tempDir } from "./helpers.js";

describe("--mode and --provider on the command line", () => {
	it.each([
		[["--mode", "stream"], 'arbor: --mode: "stream" is not a mode (use rpc or json)\n'],
		[["--mode", "json"], "arbor: no prompt: --mode json takes the prompt as arguments\n"],
		[["--mode", "json", "--output-format", "json", "hi"], "arbor: --output-format is a print-mode option: --mode json prints pi's events\n"],
		[["--mode", "rpc", "hello"], "arbor: --mode rpc takes its prompts on stdin, not as arguments\n"],
		[["--mode", "rpc", "-p"], "arbor: --mode rpc and -p are two different modes: use one\n"],
		[["--mode", "rpc", "--at", "abc"], "arbor: --at is a print-mode option\n"],
		[["--mode", "rpc", "--provider", "openai"], "arbor: --provider needs --model <id>\n"],
	])("%j is a usage error", async (args, stderr) => {
		const run = await runCli(args, { env: { ARBOR_HOME: tempDir() }, input: "" });
		expect(run.stderr).toBe(stderr);
		expect(run.code).toBe(2);
		expect(run.stdout).toBe("");
	});

	it("--provider P --model M is --model P:M (print mode too)", async () => {
		const server = await startSseServer([textReply("hi")]);
		try {
			const run = await runCli(["-p", "--provider", "compat", "--model", "test-model", "--base-url", server.url, "--no-session", "hello"], { env: { ARBOR_HOME: tempDir() } });
			expect(run.stdout).toBe("hi\n");
			expect(run.code).toBe(0);
			expect(server.requests[0]?.body.model).toBe("test-model");
		} finally {
			await server.close();
		}
	});
});
