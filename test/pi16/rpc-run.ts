/**
 * pi 1.6's own RpcClient against the built arbor: the plan's steps run in test/pi16/rpc-driver.mjs,
 * a child of a Node that can load pi 1.6 (test/helpers/modern-node.ts), against a local SSE server
 * that this process runs. arbor itself runs on the Node in PATH, as RpcClient starts it (`node`).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { builtCli } from "../helpers/cli.js";
import { modernNode } from "../helpers/modern-node.js";
import { REPO_ROOT } from "../helpers/shared.js";
import { startSseServer, type Script, type SseServer } from "../helpers/sse-server.js";
import { tempDir, writeModels } from "../rpc/helpers.js";

export { cleanUp } from "../rpc/helpers.js";

/** One step of the driver (see rpc-driver.mjs); `mayFail` lets the plan go on after an error. */
export type Step = ({ call: string; args?: unknown[] } | { start: string; args?: unknown[]; as?: string } | { wait: string } | { event: string; after?: number; method?: string } | { answer: Record<string, unknown> } | { events: true } | { send: Record<string, unknown> }) & { mayFail?: boolean };

export type StepResult = { step: number; ok: boolean; value?: any; error?: string };

export type Pi16Run = { results: StepResult[]; server: SseServer; cwd: string; home: string; stderr: string; code: number | null };

/** Runs `steps` with pi 1.6's RpcClient driving `arbor --mode rpc --provider local --model m1 …`. */
export async function runPi16(scripts: Script[] | ((body: any, index: number) => Script), steps: Step[], args: string[] = []): Promise<Pi16Run> {
	const server = await startSseServer(scripts);
	const home = tempDir();
	const cwd = tempDir();
	writeModels(home, server.url);
	const plan = {
		client: {
			cliPath: builtCli(),
			cwd,
			provider: "local",
			model: "m1",
			args: ["--no-extensions", "--no-context-files", ...args],
			env: { ARBOR_HOME: home, LOCAL_KEY: "test-key", NO_COLOR: "1", ARBOR_MAX_RETRIES: "0", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" },
		},
		steps,
	};
	const node = await modernNode();
	const child = spawn(node, [join(REPO_ROOT, "test/pi16/rpc-driver.mjs")], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
	child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
	child.stdin.end(JSON.stringify(plan));
	const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
	await server.close();
	const results = stdout
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as StepResult);
	return { results, server, cwd, home, stderr, code };
}

/** The value of step `n`, or a thrown error naming what the driver said. */
export function valueOf(run: Pi16Run, n: number): any {
	const result = run.results.find((r) => r.step === n);
	if (!result) throw new Error(`step ${n} never ran; results: ${JSON.stringify(run.results)}\nstderr: ${run.stderr}`);
	if (!result.ok) throw new Error(`step ${n} failed: ${result.error}\nstderr: ${run.stderr}`);
	return result.value;
}
