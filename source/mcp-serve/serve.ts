/**
 * `arbor mcp serve [--all] [--allow-write] [--session-dir <dir>]`: arbor's sessions as an MCP server
 * on stdin/stdout (docs/memory.md), so another agent can search and read them. Read-only unless
 * `--allow-write`; it serves the session files of this project (or every project) and nothing else,
 * and every message it writes is redacted of the keys arbor knows (as the HTML export is). The MCP
 * SDK is loaded only here.
 */
import { resolve } from "node:path";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { usageError } from "../config/errors.js";
import { place } from "../config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import { errorMessage } from "../text/error-text.js";
import { redactJson } from "../text/secrets.js";
import { readTools } from "./read-tools.js";
import { errorAnswer, type ServeTool, type ToolAnswer } from "./results.js";
import { scopeOf } from "./scope.js";

declare const ARBOR_VERSION: string;
const VERSION = typeof ARBOR_VERSION === "string" ? ARBOR_VERSION : "0.0.0-dev";

const SERVE_USAGE = "usage: arbor mcp serve [--all] [--allow-write] [--session-dir <dir>]";

type ServeOptions = { all: boolean; allowWrite: boolean; sessionDir?: string };

function parseServeArgs(argv: string[]): ServeOptions | "help" {
	let parsed;
	try {
		parsed = parseArgs({ args: argv, options: { all: { type: "boolean" }, "allow-write": { type: "boolean" }, "session-dir": { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false });
	} catch (error) {
		throw usageError(`${errorMessage(error)} (${SERVE_USAGE})`);
	}
	const v = parsed.values;
	if (v.help) return "help";
	if (v.all && v["session-dir"] !== undefined) throw usageError("--all serves every project's sessions under ARBOR_HOME; drop --session-dir");
	return { all: v.all === true, allowWrite: v["allow-write"] === true, ...(v["session-dir"] !== undefined ? { sessionDir: resolve(v["session-dir"]) } : {}) };
}

/** stdout as the transport's: each message redacted before it is written; console output goes to stderr. */
function protocolOutput(): Writable {
	for (const name of ["log", "info", "debug"] as const) console[name] = console.error.bind(console);
	return new Writable({
		write(chunk: Buffer, _encoding, done) {
			process.stdout.write(redactJson(chunk.toString("utf8")), (error) => done(error ?? undefined));
		},
	});
}

/** The tool calls still running: a client that writes its requests and closes stdin gets every answer. */
const running = new Set<Promise<ToolAnswer>>();

/** A tool's run with its failures as the call's error (a bad id, an unknown session, a lock held). */
function answered(tool: ServeTool, args: Record<string, unknown>): Promise<ToolAnswer> {
	const call = (async () => {
		try {
			return await tool.run(args);
		} catch (error) {
			return errorAnswer(`${tool.name}: ${errorMessage(error)}`);
		}
	})();
	running.add(call);
	void call.finally(() => running.delete(call));
	return call;
}

/** Waits until no call runs, also those the SDK starts after the last bytes of stdin were read. */
async function settled(): Promise<void> {
	for (;;) {
		await new Promise((resolve) => setImmediate(resolve));
		if (running.size === 0) return;
		await Promise.allSettled([...running]);
	}
}

/** Until stdin ends (exit 0, once every call is answered) or an ending signal arrives (128 + its number). */
function served(close: () => Promise<void>): Promise<number> {
	return new Promise((done) => {
		let stop: () => void = () => undefined;
		const finish = (signal?: EndingSignal) => {
			stop();
			void close().finally(() => done(signal ? signalExitCode(signal) : 0));
		};
		stop = onEndingSignal((signal) => finish(signal));
		process.stdin.once("end", () => void settled().then(() => finish()));
	});
}

/** Serves MCP on stdio until the client goes; the exit code. */
export async function runMcpServe(argv: string[]): Promise<number> {
	const opts = parseServeArgs(argv);
	if (opts === "help") {
		process.stdout.write(`${SERVE_USAGE}\n\nServe this project's arbor sessions (or --all) to MCP clients on stdin/stdout; --allow-write adds label_entry and move_leaf.\n`);
		return 0;
	}
	// The keys models.json configures are redacted too (the export does the same).
	await (await import("../config/model-config.js")).loadCatalog().catch((error: unknown) => void error);
	const scope = scopeOf(place(opts), opts.all);
	const tools = [...readTools(scope), ...(opts.allowWrite ? (await import("./write-tools.js")).writeTools(scope) : [])];
	const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
	const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
	const server = new McpServer({ name: "arbor", version: VERSION });
	for (const tool of tools) {
		const annotations = { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false };
		server.registerTool(tool.name, { description: tool.description, inputSchema: tool.shape, annotations }, (args: Record<string, unknown>) => answered(tool, args));
	}
	await server.connect(new StdioServerTransport(process.stdin, protocolOutput()));
	return served(() => server.close());
}
