/**
 * `arbor --mode rpc`: pi's RPC protocol (pi 0.73.1 docs/rpc.md) over stdin/stdout. Commands arrive
 * as strict LF-framed JSON lines; responses are `{type:"response", command, success, data|error,
 * id}`; events are pi's. stdout carries protocol lines only (console output goes to stderr); the
 * end of stdin (or SIGINT/SIGTERM/SIGHUP) aborts what runs, closes the session and ends the process.
 *
 * Tool permission: write/edit/bash ask with pi's `extension_ui_request` (method "confirm"), which
 * the client answers with `extension_ui_response` ({confirmed} or {cancelled}; `value: "always"`
 * stops asking for that tool); `--yes` allows them up front. No answer before the run is aborted or
 * stdin ends → the tool is refused, never run. Extensions' dialogs (ctx.ui.confirm/select/input)
 * are pi's `confirm`/`select`/`input` requests (see questions.ts).
 */
import { format } from "node:util";
import { AgentSession } from "../agent/agent-session.js";
import { extensionPrompt } from "../agent/extension-prompt.js";
import type { ChatFlags } from "../config/options.js";
import { place } from "../config/options.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { errorMessage } from "../text/error-text.js";
import { commandFor, type Command, type CommandContext } from "./commands.js";
import { jsonLine, lineSplitter } from "./jsonl.js";
import { lineBatch } from "./line-batch.js";
import { PiEventWriter } from "./pi-events.js";
import { bashRunner } from "./bash.js";
import { Questions } from "./questions.js";

export type RpcOptions = ChatFlags & ExtensionFlags;

/** Commands answered at once, beside the queue: they stop or answer what a queued command waits on. */
const IMMEDIATE = new Set(["abort", "abort_bash", "steer", "follow_up"]);

/** The end of input or a signal, whichever comes first. */
type Ending = { signal?: EndingSignal };

type Io = { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream };

export async function runRpcMode(opts: RpcOptions, io: Io = process): Promise<number> {
	// The lines of one turn of the event loop go out in one write (line-batch.ts).
	const batch = lineBatch(io.stdout);
	try {
		return await serve(opts, io, (value) => batch.write(jsonLine(value)));
	} finally {
		batch.close();
	}
}

async function serve(opts: RpcOptions, io: Io, write: (value: unknown) => void): Promise<number> {
	const where = place(opts);
	// Extensions and libraries may log: never onto the protocol stream.
	routeConsoleToStderr();
	const questions = new Questions(write);
	const opened: { agent?: AgentSession } = {};
	const agent = await AgentSession.open({
		...opts,
		...where,
		confirm: (request, signal) => questions.confirmTool(request, signal),
		dialog: (request, signal) => questions.dialog(request, signal),
		status: (key, text) => questions.tell({ method: "setStatus", statusKey: key, ...(text === undefined ? {} : { statusText: text }) }),
		widget: (key, lines) => questions.tell({ method: "setWidget", widgetKey: key, ...(lines === undefined ? {} : { widgetLines: lines, widgetPlacement: "aboveEditor" }) }),
		// An extension's sendUserMessage: a run as a prompt command would start (its events go to the client).
		send: (text, deliverAs) => opened.agent && extensionPrompt(opened.agent, text, deliverAs, (error) => process.stderr.write(`arbor: ${errorMessage(error)}\n`)),
		warn: (line) => process.stderr.write(`arbor: warning: ${line}\n`),
	});
	opened.agent = agent;
	const events = new PiEventWriter(write, () => agent.model);
	agent.subscribe((event) => events.write(event));
	const ctx: CommandContext = {
		agent,
		home: where.home,
		cwd: where.cwd,
		sessionDir: where.sessionDir,
		bash: bashRunner(agent, write),
		report: (error) => process.stderr.write(`arbor: ${errorMessage(error)}\n`),
		fanout: { open: { ...opts, ...where, sandbox: undefined }, emit: write },
	};
	const answer = (line: string) => {
		const parsed = parse(line);
		if ("error" in parsed) return write(parsed.error);
		const cmd = parsed.command;
		if (cmd.type === "extension_ui_response") return questions.answer(cmd);
		const run = async () => {
			write(await respond(ctx, cmd));
		};
		if (IMMEDIATE.has(cmd.type)) void run();
		else queue = queue.then(run);
	};
	let queue: Promise<void> = Promise.resolve();
	let stopSignals = () => {};
	const ending = await new Promise<Ending>((resolve) => {
		const split = lineSplitter(
			(line) => {
				if (line.trim() !== "") answer(line);
			},
			{ onTooLong: (max) => write({ type: "response", command: "parse", success: false, error: `Failed to parse command: a line over ${max} characters; it is skipped up to its end` }) },
		);
		io.stdin.on("data", (chunk: Buffer) => split(chunk));
		io.stdin.on("end", () => {
			split();
			resolve({});
		});
		io.stdin.on("error", () => resolve({}));
		stopSignals = onEndingSignal((signal) => resolve({ signal }));
	});
	questions.end();
	// A command still queued is answered (its response may still reach a reader); the run is aborted.
	await agent.abort();
	await queue.catch(() => undefined);
	await agent.close();
	stopSignals();
	io.stdin.removeAllListeners("data");
	return ending.signal ? signalExitCode(ending.signal) : 0;
}

function parse(line: string): { command: Command } | { error: Record<string, unknown> } {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch (error) {
		return { error: { type: "response", command: "parse", success: false, error: `Failed to parse command: ${errorMessage(error)}` } };
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		return { error: { type: "response", command: "parse", success: false, error: "Failed to parse command: a command is a JSON object" } };
	}
	const command = value as Command;
	if (typeof command.type !== "string") {
		const id = command.id !== undefined ? { id: command.id } : {};
		return { error: { ...id, type: "response", command: "unknown", success: false, error: 'a command needs a string "type"' } };
	}
	return { command };
}

async function respond(ctx: CommandContext, cmd: Command): Promise<Record<string, unknown>> {
	const id = cmd.id !== undefined ? { id: cmd.id } : {};
	const handler = commandFor(cmd.type);
	if (!handler) return { ...id, type: "response", command: cmd.type, success: false, error: `unknown command: ${cmd.type}` };
	try {
		const data = await handler(ctx, cmd);
		return { ...id, type: "response", command: cmd.type, success: true, ...(data !== undefined ? { data } : {}) };
	} catch (error) {
		return { ...id, type: "response", command: cmd.type, success: false, error: errorMessage(error) };
	}
}

function routeConsoleToStderr(): void {
	const toStderr = (...args: unknown[]) => {
		process.stderr.write(`${format(...args)}\n`);
	};
	console.log = toStderr;
	console.info = toStderr;
	console.debug = toStderr;
}
