import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

/** An Ollama-like /api/tags (its /v1/models 404s) and an LM Studio-like /v1/models that answers only when released. */
async function localServers(): Promise<{ port: number; release(): void; asked: string[]; close(): Promise<void> }> {
	let release = () => {};
	const released = new Promise<void>((resolve) => (release = resolve));
	const asked: string[] = [];
	const server = http.createServer((req, res) => {
		asked.push(req.url ?? "");
		const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
		if (req.url === "/ollama/api/tags") json({ models: [{ name: "qwen3:0.6b" }, { name: "llama3.2:1b" }] });
		else if (req.url === "/lms/v1/models") void released.then(() => json({ object: "list", data: [{ id: "lm-small", object: "model" }] }));
		else res.writeHead(404).end("not found");
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	const close = () => new Promise<void>((resolve) => {
		server.closeAllConnections();
		server.close(() => resolve());
	});
	return { port, release, asked, close };
}

let servers: Awaited<ReturnType<typeof localServers>> | undefined;
afterEach(async () => {
	servers?.release();
	await servers?.close();
	servers = undefined;
});

describe("/model lists the models of local servers (virtual terminal)", () => {
	it("asks them in the background: the picker and its search work at once, the models join when each server answers, a dead one shows nothing", async () => {
		({ dir: fx.dir } = tempPlace("model-local"));
		servers = await localServers();
		const base = `http://127.0.0.1:${servers.port}`;
		// compat at the discard port: nothing listens, and nothing is said of it.
		const env = { ARBOR_LOCAL_SERVERS: `ollama=${base}/ollama/v1,lmstudio=${base}/lms/v1,compat=http://127.0.0.1:9/v1`, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "" };
		fx.tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", "http://127.0.0.1:9/v1"], cwd: fx.dir, home: `${fx.dir}/home`, env });
		await fx.tmux.waitForScreen((s) => s.includes("compat:plain · 0/? tokens"), "the first frame");
		// Nothing is asked before the picker opens.
		expect(servers.asked).toEqual([]);
		await submitLine(fx.tmux, "/model");
		const picker = await fx.tmux.waitForScreen((s) => s.includes("ollama:qwen3:0.6b") && s.includes("ollama:llama3.2:1b"), "Ollama's models");
		expect(picker).toContain("ollama:qwen3:0.6b  qwen3:0.6b (local server) · ? window");
		expect(picker).not.toContain("lmstudio:lm-small");
		// LM Studio has not answered yet: keys still go to the search at once.
		fx.tmux.type("lm-s");
		await fx.tmux.waitForScreen((s) => s.includes("Search: lm-s") && s.includes("No model matches"), "the search while LM Studio is silent");
		servers.release();
		const found = await fx.tmux.waitForScreen((s) => s.includes("lmstudio:lm-small  lm-small (local server)"), "LM Studio's model");
		expect(found).not.toMatch(/error|ECONNREFUSED|fetch failed/i);
		fx.tmux.send("Enter");
		await fx.tmux.waitForScreen((s) => s.includes("Model: lmstudio:lm-small"), "switched to the local model");
		expect(servers.asked).toEqual(expect.arrayContaining(["/ollama/v1/models", "/ollama/api/tags", "/lms/v1/models"]));
		await quit(fx.tmux);
	}, 60_000);

	it("ARBOR_LOCAL_SERVERS=off asks no server", async () => {
		({ dir: fx.dir } = tempPlace("model-local"));
		servers = await localServers();
		fx.tmux = startArbor({ args: ["-m", "compat:plain", "--base-url", `http://127.0.0.1:${servers.port}/lms/v1`], cwd: fx.dir, home: `${fx.dir}/home`, env: { ARBOR_LOCAL_SERVERS: "off" } });
		await submitLine(fx.tmux, "/model");
		await fx.tmux.waitForScreen((s) => s.includes("● compat:plain"), "the picker");
		servers.release();
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Switch model"), "closed");
		expect(servers.asked).toEqual([]);
		await quit(fx.tmux);
	}, 60_000);
});
