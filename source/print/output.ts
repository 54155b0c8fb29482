import type { TurnEvent } from "../agent/agent-session.js";
import { terminalText, TerminalTextStream } from "../text/terminal-text.js";
import type { SessionHeader, StopReason, Usage } from "../session/types.js";
import { RedactingStream, redactJson } from "../text/secrets.js";

export type OutputFormat = "text" | "json" | "stream-json";

/** The object `--output-format json` prints and `stream-json` ends with. */
export type PrintResult = {
	sessionId: string;
	sessionFile: string | null;
	leafId: string | null;
	text: string;
	stopReason: StopReason;
	usage: Usage;
	/** The process's exit code; `error` holds its reason (the `arbor: …` line's text) when not 0. */
	exitCode: number;
	error?: string;
};

/** What the JSON formats print when print mode fails without a turn result (before or during the turn). */
type PrintFailure = { sessionId?: string; sessionFile?: string | null; error: string; exitCode: number };

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/** Turns turn events into the chosen output format. Text goes out as it arrives. */
export class Printer {
	private wroteText = false;
	/** The JSON formats print exactly one result: later failures add nothing. */
	private finished = false;
	/** The message of the `error` event already streamed (stream-json prints each error once). */
	private streamedError: string | undefined;
	private endsWithNewline = true;
	/** Text output is sanitized as it streams: a sequence split across deltas is held until whole. */
	private readonly sanitizer = new TerminalTextStream();
	/** …and redacted: a provider key split across deltas is caught too. */
	private readonly redactor = new RedactingStream();

	constructor(
		private readonly format: OutputFormat,
		private readonly io: Streams,
		private readonly progress: { toolLines: boolean; describe: (name: string, args: unknown) => string },
	) {}

	/** One JSON line; a provider key in it is redacted (text/secrets.ts), as RPC and ACP do. */
	private line(value: unknown): void {
		this.io.stdout.write(`${redactJson(JSON.stringify(value))}\n`);
	}

	header(header: SessionHeader): void {
		if (this.format === "stream-json") this.line(header);
	}

	branchSummary(entryId: string, summary: string): void {
		if (this.format === "stream-json") this.line({ type: "branch_summary", entryId, summary });
	}

	event(event: TurnEvent): void {
		if (this.format === "stream-json") {
			if (event.type === "error") this.streamedError = event.message;
			this.line(event);
			return;
		}
		if (event.type === "tool_call" && this.progress.toolLines) {
			this.io.stderr.write(`› ${terminalText(this.progress.describe(event.toolName, event.args))}\n`);
		}
		if (this.format === "text" && event.type === "text_delta" && event.delta) this.text(this.sanitizer.push(this.redactor.push(event.delta)));
	}

	private text(safe: string): void {
		if (safe === "") return;
		this.io.stdout.write(safe);
		this.wroteText = true;
		this.endsWithNewline = safe.endsWith("\n");
	}

	/**
	 * Ends the output. `json` prints the one result object, failed or not; `stream-json` ends with
	 * it (after one `error` event on failure); `text` only ends the streamed reply — its errors go
	 * to stderr.
	 */
	finish(result: PrintResult | PrintFailure): void {
		if (this.finished) return;
		this.finished = true;
		if (this.format === "stream-json") {
			if (result.error !== undefined && result.error !== this.streamedError) this.line({ type: "error", message: result.error });
			this.line({ type: "result", ...result });
			return;
		}
		if (this.format === "json") {
			this.line(result);
			return;
		}
		this.text(this.sanitizer.push(this.redactor.end()));
		this.text(this.sanitizer.end());
		if (this.wroteText && !this.endsWithNewline) this.io.stdout.write("\n");
	}
}
