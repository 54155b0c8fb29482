#!/usr/bin/env node
// A large Claude Code session file for the import benchmark, the same bytes on every run (seeded).
//   node scripts/gen-claude-code.mjs --out FILE [--mb 50]
// Shaped like ~/.claude/projects/<dir>/<uuid>.jsonl: user prompts, assistant replies written as
// several records (thinking, text, tool_use sharing one message id), tool results with long
// outputs, meta and sidechain records, file-history snapshots, rewinds (a second child of an
// earlier entry), a compaction (boundary + summary) and summary lines.
import { createWriteStream } from "node:fs";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : fallback;
};
const out = arg("--out");
if (!out) {
	console.error("usage: gen-claude-code.mjs --out FILE [--mb 50]");
	process.exit(2);
}
const targetBytes = Number(arg("--mb", "50")) * 1024 * 1024;

// mulberry32: small, fast, deterministic.
let seed = 0x5eed1234;
const rand = () => {
	seed = (seed + 0x6d2b79f5) | 0;
	let t = seed;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const WORDS = "the a function returns value file test error build type module import export const let async await promise string number array object map set read write edit bash grep find node npm tsc lint branch tree session entry summary model tool result".split(" ");
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
const code = (lines) => Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(4)}\t${pick(["const", "let", "export", "return", "if", "for"])} ${words(6)};`).join("\n");

let n = 0;
const uuid = () => {
	n++;
	const hex = n.toString(16).padStart(12, "0");
	return `00000000-0000-4000-8000-${hex}`;
};
let clock = Date.parse("2026-03-01T09:00:00.000Z");
const now = () => new Date((clock += 1000 + Math.floor(rand() * 20000))).toISOString();
const SESSION = "7f3c1e2a-4b5d-4e6f-8a9b-0c1d2e3f4a5b";
const base = (parentUuid) => ({ parentUuid, isSidechain: false, userType: "external", cwd: "/home/dev/project", sessionId: SESSION, version: "2.0.14", gitBranch: "main" });

const stream = createWriteStream(out);
let written = 0;
const emit = (rec) => {
	const line = `${JSON.stringify(rec)}\n`;
	written += Buffer.byteLength(line);
	if (!stream.write(line)) return new Promise((resolve) => stream.once("drain", resolve));
	return undefined;
};

let parent = null;
const userIds = [];
let msg = 0;
let turn = 0;
while (written < targetBytes) {
	turn++;
	// Now and then a rewind: the next prompt continues from an earlier user message's parent.
	if (userIds.length > 4 && rand() < 0.04) parent = pick(userIds.slice(-20)).parent;
	if (rand() < 0.3) await emit({ type: "file-history-snapshot", messageId: uuid(), snapshot: { trackedFileBackups: {}, timestamp: now() } });
	const u = uuid();
	userIds.push({ id: u, parent });
	await emit({ ...base(parent), type: "user", message: { role: "user", content: words(8 + Math.floor(rand() * 40)) }, uuid: u, timestamp: now() });
	parent = u;
	if (rand() < 0.1) {
		const meta = uuid();
		await emit({ ...base(parent), type: "user", isMeta: true, message: { role: "user", content: "<command-name>/clear</command-name>" }, uuid: meta, timestamp: now() });
		parent = meta;
	}
	const steps = 1 + Math.floor(rand() * 4);
	for (let step = 0; step < steps; step++) {
		const id = `msg_${(++msg).toString(36)}`;
		const model = "claude-sonnet-4-5-20250929";
		const usage = { input_tokens: 1000 + Math.floor(rand() * 5000), output_tokens: 50 + Math.floor(rand() * 800), cache_read_input_tokens: 2000, cache_creation_input_tokens: 0 };
		const blocks = [];
		if (rand() < 0.4) blocks.push({ type: "thinking", thinking: words(30 + Math.floor(rand() * 120)), signature: "sig" });
		blocks.push({ type: "text", text: words(20 + Math.floor(rand() * 150)) });
		const callId = `toolu_${msg.toString(36)}`;
		const last = step === steps - 1;
		if (!last) blocks.push({ type: "tool_use", id: callId, name: pick(["Read", "Bash", "Edit", "Grep"]), input: { file_path: `/home/dev/project/src/${pick(WORDS)}.ts`, command: words(5) } });
		// One API reply is written as one record per block, chained.
		for (const block of blocks) {
			const a = uuid();
			await emit({ ...base(parent), type: "assistant", message: { id, type: "message", role: "assistant", model, content: [block], stop_reason: block === blocks.at(-1) ? (last ? "end_turn" : "tool_use") : null, usage }, uuid: a, timestamp: now(), requestId: `req_${id}` });
			parent = a;
		}
		if (!last) {
			const r = uuid();
			const output = code(20 + Math.floor(rand() * 200));
			await emit({ ...base(parent), type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: callId, content: output, is_error: rand() < 0.05 }] }, uuid: r, timestamp: now(), toolUseResult: { stdout: output, stderr: "", interrupted: false } });
			parent = r;
		}
		if (rand() < 0.05) {
			// A sub-agent's record: skipped on import, its child re-attached.
			const side = uuid();
			await emit({ ...base(parent), isSidechain: true, type: "assistant", message: { id: `${id}_side`, role: "assistant", model, content: [{ type: "text", text: words(40) }], stop_reason: "end_turn", usage }, uuid: side, timestamp: now() });
		}
	}
	if (turn % 400 === 0) {
		const boundary = uuid();
		await emit({ ...base(null), type: "system", subtype: "compact_boundary", logicalParentUuid: parent, compactMetadata: { trigger: "auto", preTokens: 150000 }, uuid: boundary, timestamp: now() });
		const summary = uuid();
		await emit({ ...base(boundary), type: "user", isCompactSummary: true, message: { role: "user", content: `This session is being continued. ${words(300)}` }, uuid: summary, timestamp: now() });
		parent = summary;
	}
}
await emit({ type: "summary", summary: "A long refactoring session", leafUuid: parent });
stream.end();
