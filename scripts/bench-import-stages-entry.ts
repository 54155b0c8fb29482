// One stage of `arbor import`'s work on a source file, timed in process (CPU ms, user + system,
// from process.cpuUsage around the stage only): bundled to .bench/ and run by
// `node scripts/bench-import.mjs --stages`, one fresh process per measurement.
//   node .bench/bench-import-stages.mjs <file> <stage>
// Stages, each including the ones before it where it says so:
//   decode   — the source's lines decoded one at a time (as jsonLines does)
//   parse    — jsonLines: decode + JSON.parse of every line
//   convert  — convertClaudeCode with a sink that drops the entries (parse included)
//   encode   — convert + each entry encoded into a reused output buffer, as the importer's writer does
//   hash     — sha256 of the bytes (on its own)
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { convertClaudeCode } from "../source/import/claude-code.js";
import { encodeJsonParts } from "../source/import/raw-json.js";
import { jsonLines, type ImportedEntry } from "../source/import/types.js";

const NOW = "2026-01-01T00:00:00.000Z";

function cpu(): number {
	const u = process.cpuUsage();
	return (u.user + u.system) / 1000;
}

function decode(bytes: Buffer): number {
	let units = 0;
	for (let start = 0; start < bytes.length; ) {
		const end = bytes.indexOf(10, start);
		const stop = end === -1 ? bytes.length : end;
		units += bytes.toString("utf8", start, stop).length;
		start = stop + 1;
	}
	return units;
}

function parse(bytes: Buffer): number {
	let lines = 0;
	for (const _ of jsonLines(bytes, new Map())) lines++;
	return lines;
}

function encode(bytes: Buffer): number {
	let buf = Buffer.allocUnsafe(4 << 20);
	let written = 0;
	let held: ImportedEntry | undefined;
	const write = (entry: ImportedEntry) => {
		let used = 0;
		for (const part of encodeJsonParts(entry)) {
			if (part.length * 3 > buf.length) buf = Buffer.allocUnsafe(part.length * 3);
			if (used + part.length * 3 > buf.length) used = 0;
			used += buf.write(part, used);
		}
		written += used + 1;
	};
	convertClaudeCode(
		bytes,
		(entry) => {
			if (held) write(held);
			held = entry;
		},
		NOW,
	);
	if (held) write(held);
	return written;
}

const STAGES: Record<string, (bytes: Buffer) => unknown> = {
	decode,
	parse,
	convert: (bytes) => convertClaudeCode(bytes, () => {}, NOW).count,
	encode,
	hash: (bytes) => createHash("sha256").update(bytes).digest("hex"),
};

const [file, stage] = process.argv.slice(2);
const run = stage ? STAGES[stage] : undefined;
if (!file || !run) {
	process.stderr.write(`usage: bench-import-stages <file> <${Object.keys(STAGES).join("|")}>\n`);
	process.exit(2);
}
const bytes = fs.readFileSync(file);
const start = cpu();
const result = run(bytes);
process.stdout.write(`${JSON.stringify({ stage, cpu: cpu() - start, result: String(result) })}\n`);
