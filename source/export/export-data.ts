/**
 * The session data embedded in the page, written in order into a ByteBatch: `{"header":…,"leafId":…,
 * "file":…,"entries":[…]}` with every `<` written as \u003c (so no text can end the <script>
 * element holding it). Entries stored verbatim in the session file are copied as raw bytes, read
 * from the file in chunks (a 2 GB session is never in memory twice), with newlines between
 * entries as commas; only entries the store rewrote (migration) go through JSON. A provider key in
 * an entry (a session written before arbor redacted them) is redacted in the copy (text/secrets.ts).
 */
import type { SessionTreeView } from "../session/api.js";
import { type ByteBatch, eachRawLine } from "../session/raw-lines.js";
import { SessionSnapshot } from "../session/snapshot.js";
import { knownSecrets, redactJson } from "../text/secrets.js";

const LT = 0x3c;
const COMMA = Buffer.from(",");
const ESCAPED_LT = Buffer.from("\\u003c");

/** `text` as JSON-safe-in-HTML bytes. */
function escapedJson(value: unknown): Buffer {
	return Buffer.from(JSON.stringify(value).replace(/</g, "\\u003c"));
}

/**
 * Pushes `bytes[start, end)` with each `<` replaced. The search stops at the line's end (`line`
 * shares `bytes`' offsets): from the line to the chunk's end it cost lines × chunk.
 */
function pushRaw(out: ByteBatch, bytes: Buffer, start: number, end: number): void {
	const line = bytes.subarray(0, end);
	for (let lt = line.indexOf(LT, start); lt !== -1; lt = line.indexOf(LT, start)) {
		out.push(bytes, start, lt);
		out.push(ESCAPED_LT);
		start = lt + 1;
	}
	out.push(bytes, start, end);
}

function pushEntries(out: ByteBatch, view: SessionTreeView): void {
	let first = true;
	const secrets = knownSecrets();
	const needles = secrets.flatMap((s) => [Buffer.from(s), Buffer.from(JSON.stringify(s).slice(1, -1))]);
	const put = (e: SessionTreeView["entries"][number], buf: Buffer | undefined, start: number, end: number) => {
		if (!first) out.push(COMMA);
		first = false;
		// `end` is the line's \n: left out (the comma stands between entries).
		if (buf && needles.some((n) => buf.subarray(start, end).includes(n))) {
			const line = Buffer.from(redactJson(buf.toString("utf8", start, end), secrets));
			pushRaw(out, line, 0, line.length);
		} else if (buf) pushRaw(out, buf, start, end);
		else out.push(Buffer.from(redactJson(escapedJson(e).toString("utf8"), secrets)));
	};
	if (view instanceof SessionSnapshot && view.file !== undefined) eachRawLine(view.file, view.entries, (e) => view.rawOffset(e), put);
	else for (const e of view.entries) put(e, undefined, 0, 0);
}

/** Writes the embedded JSON (one JSON document without a raw `<`) into `out`. */
export function writeExportData(view: SessionTreeView, file: string, out: ByteBatch): void {
	const head = { header: view.header, leafId: view.leafId, file };
	out.push(escapedJson(head).subarray(0, -1));
	out.push(Buffer.from(',"entries":['));
	pushEntries(out, view);
	out.push(Buffer.from("]}"));
}
