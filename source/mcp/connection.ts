/**
 * One live MCP server through `@modelcontextprotocol/sdk`'s Client (loaded here lazily: a run with
 * no server never parses it): stdio (a child process with the children's environment, its stderr
 * kept for the reason it died), Streamable HTTP or SSE. Lists its tools and prompts and calls them.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { resolve } from "node:path";
import { childEnvironment } from "../text/secrets.js";
import { errorMessage } from "../text/error-text.js";
import type { McpServerConfig } from "./config.js";

/** A tool as the server lists it. */
export type McpTool = { name: string; description?: string; inputSchema: Record<string, unknown> };
/** A prompt as the server lists it. */
export type McpPrompt = { name: string; description?: string; arguments?: { name: string; description?: string; required?: boolean }[] };
/** What a call returned (the MCP result: content parts, isError). */
export type McpCallResult = { content?: unknown[]; isError?: boolean; structuredContent?: unknown };

/** Seconds a server may take to start and answer its listing (ARBOR_MCP_TIMEOUT, default 30). */
function startTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
	const seconds = Number(env.ARBOR_MCP_TIMEOUT);
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 30_000;
}

/** A connected server; `closed` resolves with the reason once it is gone. */
export class McpConnection {
	private constructor(
		private readonly client: Client,
		private readonly stderrTail: () => string,
		readonly closed: Promise<string>,
	) {}

	/** Connects (throws with the reason, the server's last stderr line appended for a stdio one). */
	static async connect(config: McpServerConfig, opts: { cwd: string; version: string; signal?: AbortSignal }): Promise<McpConnection> {
		const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
		const client = new Client({ name: "arbor", version: opts.version }, { capabilities: {} });
		let tail = "";
		const transport = await openTransport(config, opts.cwd, (chunk) => (tail = (tail + chunk).slice(-2000)));
		const stderrTail = () => tail.trim().split("\n").pop()?.trim() ?? "";
		let closedWith: (reason: string) => void = () => undefined;
		const closed = new Promise<string>((done) => (closedWith = done));
		client.onclose = () => closedWith(stderrTail() ? `stopped: ${stderrTail()}` : "stopped");
		client.onerror = () => undefined; // transport errors end in onclose or a failed request, each reported there
		try {
			await client.connect(transport, { timeout: startTimeoutMs(), ...(opts.signal ? { signal: opts.signal } : {}) });
		} catch (error) {
			await client.close().catch(() => undefined);
			const why = errorMessage(error);
			throw new Error(stderrTail() && !why.includes(stderrTail()) ? `${why} (${stderrTail()})` : why, { cause: error });
		}
		return new McpConnection(client, stderrTail, closed);
	}

	/** The server's own name and version, when it said. */
	get serverInfo(): { name: string; version: string } | undefined {
		return this.client.getServerVersion();
	}

	/** Every tool (all pages), or [] for a server without tools. */
	async tools(): Promise<McpTool[]> {
		if (!this.client.getServerCapabilities()?.tools) return [];
		const all: McpTool[] = [];
		let cursor: string | undefined;
		do {
			const page = await this.client.listTools(cursor ? { cursor } : {}, { timeout: startTimeoutMs() });
			all.push(...(page.tools as McpTool[]));
			cursor = page.nextCursor;
		} while (cursor);
		return all;
	}

	/** Every prompt, or [] for a server without prompts. */
	async prompts(): Promise<McpPrompt[]> {
		if (!this.client.getServerCapabilities()?.prompts) return [];
		const page = await this.client.listPrompts({}, { timeout: startTimeoutMs() });
		return page.prompts as McpPrompt[];
	}

	/** Calls a tool; progress notifications keep a long call alive (the SDK resets its time-out on them). */
	async call(name: string, args: unknown, signal?: AbortSignal): Promise<McpCallResult> {
		const params = { name, arguments: (args ?? {}) as Record<string, unknown> };
		return (await this.client.callTool(params, undefined, { ...(signal ? { signal } : {}), timeout: 10 * 60_000, resetTimeoutOnProgress: true, onprogress: () => undefined })) as McpCallResult;
	}

	/** A prompt's messages with `args` filled in. */
	async prompt(name: string, args: Record<string, string>): Promise<{ role: string; content: unknown }[]> {
		const result = await this.client.getPrompt({ name, arguments: args });
		return result.messages;
	}

	/** The last line the server wrote to stderr ("" for none, and for HTTP servers). */
	get lastError(): string {
		return this.stderrTail();
	}

	async close(): Promise<void> {
		await this.client.close().catch(() => undefined);
	}
}

async function openTransport(config: McpServerConfig, cwd: string, onStderr: (chunk: string) => void): Promise<Transport> {
	if (config.type === "stdio") {
		const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
		const env = { ...childEnvironment(), ...config.env } as Record<string, string>;
		const transport = new StdioClientTransport({ command: config.command, args: config.args, env, cwd: config.cwd ? resolve(cwd, config.cwd) : cwd, stderr: "pipe" });
		transport.stderr?.on("data", (chunk: Buffer) => onStderr(chunk.toString("utf8")));
		return transport;
	}
	const requestInit = { headers: config.headers };
	if (config.type === "sse") {
		const { SSEClientTransport } = await import("@modelcontextprotocol/sdk/client/sse.js");
		return new SSEClientTransport(new URL(config.url), { requestInit, eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...config.headers, ...(init?.headers as Record<string, string>) } }) } });
	}
	const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
	return new StreamableHTTPClientTransport(new URL(config.url), { requestInit });
}
