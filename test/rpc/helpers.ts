import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import { builtCli } from "../helpers/cli.js";
import { startSseServer, type Script, type SseServer } from "../helpers/sse-server.js";
import { waitFor } from "../helpers/wait-for.js";
import { trustProject } from "../../source/config/trust.js";

export type RpcEvent = { type: string; [key: string]: any };

const cleanups: (() => Promise<void> | void)[] = [];

/** Stops every client and server and removes the temp folders (call in afterEach). */
export async function cleanUp(): Promise<void> {
	for (const clean of cleanups.splice(0).reverse()) await clean();
}

export function tempDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "arbor-rpc-"));
	cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}

/** $ARBOR_HOME/models.json declaring the test server as provider `local` with m1 (reasoning) and m2. */
export function writeModels(home: string, url: string): void {
	const models = {
		providers: {
			local: {
				baseUrl: url,
				api: "openai-completions",
				apiKey: "LOCAL_KEY",
				models: [
					{ id: "m1", name: "Model One", contextWindow: 200_000, reasoning: true },
					{ id: "m2", name: "Model Two", contextWindow: 100_000 },
				],
			},
		},
	};
	writeFileSync(join(home, "models.json"), JSON.stringify(models));
}

export type Rpc = {
	client: RpcClient;
	server: SseServer;
	home: string;
	cwd: string;
	events: RpcEvent[];
	/** Writes raw text to the agent's stdin (a line the typed client cannot send). */
	raw(text: string): void;
	/** Sends a command the typed client has no method for and waits for its response. */
	send(command: Record<string, unknown>): Promise<{ success: boolean; data?: any; error?: string; command: string }>;
	stderr(): string;
};

/**
 * pi's own RpcClient spawning the built arbor (`node dist/cli.js --mode rpc --provider local
 * --model m1 …`) against a local SSE server answering `scripts` in order.
 */
export async function startRpc(
	scripts: Script[] | ((body: any, index: number) => Script),
	args: string[] = [],
	opts: { extensions?: (cwd: string) => void; before?: (where: { cwd: string; home: string }) => void; untrusted?: boolean; env?: Record<string, string> } = {},
): Promise<Rpc> {
	const server = await startSseServer(scripts);
	const home = tempDir();
	const cwd = tempDir();
	writeModels(home, server.url);
	opts.extensions?.(cwd);
	opts.before?.({ cwd, home });
	// The project's .arbor/ that the test wrote is trusted, as its user would with `arbor trust`; `untrusted`: a fresh clone (docs/trust.md).
	if (!opts.untrusted) trustProject({ cwd, home });
	const client = new RpcClient({
		cliPath: builtCli(),
		cwd,
		provider: "local",
		model: "m1",
		args: [...(opts.extensions ? [] : ["--no-extensions"]), "--no-context-files", ...args],
		env: { ARBOR_HOME: home, LOCAL_KEY: "test-key", NO_COLOR: "1", ARBOR_MAX_RETRIES: "0", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", ...opts.env },
	});
	await client.start();
	cleanups.push(async () => {
		await client.stop();
		await server.close();
	});
	const events: RpcEvent[] = [];
	client.onEvent((event) => events.push(event as RpcEvent));
	const internals = client as unknown as { process: { stdin: NodeJS.WritableStream }; send(c: object): Promise<any> };
	return {
		client,
		server,
		home,
		cwd,
		events,
		raw: (text) => internals.process.stdin.write(text),
		send: (command) => internals.send(command),
		stderr: () => client.getStderr(),
	};
}

/** Answers the next permission question (pi's extension_ui_request, method confirm). */
export async function answerConfirm(rpc: Rpc, answer: Record<string, unknown>, from = 0): Promise<RpcEvent> {
	const request = await waitFor(() => rpc.events.slice(from).find((e) => e.type === "extension_ui_request" && e.method === "confirm"), { what: "a confirm request" });
	rpc.raw(`${JSON.stringify({ type: "extension_ui_response", id: request.id, ...answer })}\n`);
	return request;
}

export { RpcClient };
