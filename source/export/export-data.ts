/**
 * The session data embedded in the page, as a list of byte chunks: `{"header":…,"leafId":…,
 * "file":…,"entries":[…]}` with every `<` written as \u003c (so no text can end the <script>
 * element holding it). Entries stored verbatim in the session file are copied as raw bytes, a
 * run of lines at a time (newlines become commas), so a 100k-entry export never re-serializes
 * or re-concatenates the session: only entries the store rewrote (migration) go through JSON.
 */
import { readFileSync } from "node:fs";
import type { SessionTreeView } from "../session/api.js";
import { SessionSnapshot } from "../session/snapshot.js";
import type { SessionEntry } from "../session/types.js";

const LT = 0x3c;
const NL = 0x0a;
const COMMA = Buffer.from(",");
const ESCAPED_LT = Buffer.from("\\u003c");

/** `text` as JSON-safe-in-HTML bytes. */
function escapedJson(value: unknown): Buffer {
	return Buffer.from(JSON.stringify(value).replace(/</g, "\\u003c"));
}

/** Pushes `bytes` with each `<` replaced and each newline (a line break between entries) as a comma. */
function pushRaw(out: Buffer[], bytes: Buffer): void {
	let start = 0;
	let lt = bytes.indexOf(LT);
	let nl = bytes.indexOf(NL);
	while (lt !== -1 || nl !== -1) {
		const at = lt === -1 ? nl : nl === -1 ? lt : Math.min(lt, nl);
		if (at > start) out.push(bytes.subarray(start, at));
		out.push(at === lt ? ESCAPED_LT : COMMA);
		start = at + 1;
		// Each scan moves past only the byte it found, so the whole buffer is read once.
		if (at === lt) lt = bytes.indexOf(LT, start);
		else nl = bytes.indexOf(NL, start);
	}
	if (start < bytes.length) out.push(bytes.subarray(start));
}

/** End (after the \n) of the line at `offset` when it is entry `id`'s line, else -1 (as fork checks). */
function rawLineEnd(buf: Buffer, offset: number, id: string): number {
	const nl = buf.indexOf(NL, offset);
	if (nl === -1) return -1;
	const head = buf.subarray(offset, Math.min(nl, offset + 160)).toString("latin1");
	return head.includes(`"id":"${id}"`) ? nl + 1 : -1;
}

function rawSource(view: SessionTreeView): { view: SessionSnapshot; raw: Buffer } | undefined {
	if (!(view instanceof SessionSnapshot) || view.file === undefined) return undefined;
	const first = view.entries[0];
	if (!first || view.rawOffset(first) === undefined) return undefined;
	return { view, raw: readFileSync(view.file) };
}

function pushEntries(out: Buffer[], view: SessionTreeView): void {
	const src = rawSource(view);
	let runStart = -1;
	let runEnd = -1;
	let first = true;
	const flush = () => {
		if (runStart === -1 || !src) return;
		// runEnd is after the run's last \n: leave that one out, the others become commas.
		pushRaw(out, src.raw.subarray(runStart, runEnd - 1));
		runStart = runEnd = -1;
	};
	for (const e of view.entries as SessionEntry[]) {
		const offset = src?.view.rawOffset(e);
		const end = src && offset !== undefined ? rawLineEnd(src.raw, offset, e.id) : -1;
		if (src && offset !== undefined && end !== -1 && offset === runEnd) {
			runEnd = end;
			continue;
		}
		flush();
		if (!first) out.push(COMMA);
		first = false;
		if (src && offset !== undefined && end !== -1) {
			runStart = offset;
			runEnd = end;
		} else out.push(escapedJson(e));
	}
	flush();
}

/** The embedded JSON as chunks (concatenated they are one JSON document without a raw `<`). */
export function exportDataChunks(view: SessionTreeView, file: string): Buffer[] {
	const head = { header: view.header, leafId: view.leafId, file };
	const out: Buffer[] = [escapedJson(head).subarray(0, -1), Buffer.from(',"entries":[')];
	pushEntries(out, view);
	out.push(Buffer.from("]}"));
	return out;
}
