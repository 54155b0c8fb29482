/**
 * Collects a command's output with bounded memory: once it outgrows the cap, everything is spilled
 * to a temp file and only a rolling tail stays in memory (the end of a log is what matters).
 */
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { counted } from "../text/count.js";

export const OUTPUT_MAX_BYTES = 50 * 1024;
export const OUTPUT_MAX_LINES = 2000;

/** The kept tail and where the full output went, if it had to be cut. */
type CapturedOutput = { text: string; truncated: boolean; totalLines: number; fullOutputPath?: string };

/** The line that says a captured output was cut: how many lines show, of how many, and where the whole is. */
export function truncationNote(out: CapturedOutput): string {
	const shown = out.text === "" ? 0 : out.text.split("\n").length;
	return `[output truncated: showing the last ${shown} of ${counted(out.totalLines, "line")}; full output in ${out.fullOutputPath}]`;
}

/** Spill files of this process; the paths stay valid in tool results until arbor exits. */
const spilled = new Set<string>();
let exitHookArmed = false;

/** Deletes every spill file this process wrote (also run automatically when the process exits). */
export function removeSpillFiles(): void {
	for (const file of spilled) {
		rmSync(file, { force: true });
		spilled.delete(file);
	}
}

function remember(file: string): void {
	// The first spill arms the clean-up; "exit" runs for every way arbor ends except SIGKILL.
	if (!exitHookArmed) process.on("exit", removeSpillFiles);
	exitHookArmed = true;
	spilled.add(file);
}

/** Accumulates chunks; call `finish()` once the process has ended. */
export class OutputCapture {
	private chunks: Buffer[] = [];
	private held = 0;
	private total = 0;
	private newlines = 0;
	private lastByte = -1;
	private fd: number | undefined;
	private file: string | undefined;

	/** `name`: what the spill file is named after (`arbor-<name>-….log`). */
	constructor(private readonly name = "bash") {}

	push(chunk: Buffer): void {
		this.total += chunk.length;
		for (const b of chunk) if (b === 10) this.newlines++;
		const last = chunk.at(-1);
		if (last !== undefined) this.lastByte = last;
		if (this.fd === undefined && this.total > OUTPUT_MAX_BYTES) this.spill();
		if (this.fd !== undefined) writeSync(this.fd, chunk);
		this.chunks.push(chunk);
		this.held += chunk.length;
		// Keep a little more than the cap so the tail can start at a line boundary.
		for (let first = this.chunks[0]; first !== undefined && this.held - first.length > 2 * OUTPUT_MAX_BYTES; first = this.chunks[0]) {
			this.chunks.shift();
			this.held -= first.length;
		}
	}

	finish(): CapturedOutput {
		const totalLines = this.newlines + (this.total > 0 && this.lastByte !== 10 ? 1 : 0);
		if (this.fd === undefined && totalLines > OUTPUT_MAX_LINES) this.spill();
		if (this.fd !== undefined) closeSync(this.fd);
		const all = Buffer.concat(this.chunks).toString("utf8");
		if (this.file === undefined) return { text: all, truncated: false, totalLines };
		return { text: tail(all), truncated: true, totalLines, fullOutputPath: this.file };
	}

	private spill(): void {
		this.file = path.join(os.tmpdir(), `arbor-${this.name}-${randomUUID()}.log`);
		this.fd = openSync(this.file, "w", 0o600);
		remember(this.file);
		for (const c of this.chunks) writeSync(this.fd, c);
	}
}

function tail(text: string): string {
	let cut = text.endsWith("\n") ? text.slice(0, -1) : text;
	if (Buffer.byteLength(cut) > OUTPUT_MAX_BYTES) {
		cut = Buffer.from(cut).subarray(-OUTPUT_MAX_BYTES).toString("utf8");
		// Drop the partial first line (and any split UTF-8 character with it).
		const nl = cut.indexOf("\n");
		if (nl !== -1) cut = cut.slice(nl + 1);
	}
	const lines = cut.split("\n");
	return lines.slice(-OUTPUT_MAX_LINES).join("\n");
}
