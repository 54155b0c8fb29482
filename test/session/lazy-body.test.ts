import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import type { SessionTreeView } from "../../source/session/api.js";
import type { SessionEntry } from "../../source/session/types.js";
import { previewText } from "../../source/tree/preview.js";
import { passesFilter } from "../../source/tree/filter.js";
import { fakeView } from "../tree/fake-view.js";
import { tempSessionFile } from "./helpers.js";
import { HEAD_CHARS, LINE_HEAD_CHARS } from "../../source/session/heads.js";
import { TextHead, bodyPlace, headOf } from "../../source/session/body-head.js";

const HEADER = { type: "session", version: 3, id: "lazy", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" };
const LONG = "a long message body. ".repeat(60); // 1,260 characters: its line is kept on disk

type Line = Record<string, unknown>;
const at = (n: number) => `2026-01-01T00:00:${String(n).padStart(2, "0")}.000Z`;
const msg = (id: string, parentId: string | null, message: Line, n = 1): Line => ({ type: "message", id, parentId, timestamp: at(n), message });
const user = (id: string, parentId: string | null, content: unknown): Line => msg(id, parentId, { role: "user", content, timestamp: 1 });

function write(file: string, lines: Line[], eol = "\n"): string[] {
	const texts = [HEADER, ...lines].map((l) => JSON.stringify(l));
	fs.writeFileSync(file, texts.join(eol) + eol);
	return texts;
}

/** The entries as the file says, parsed whole (what the store held before bodies stayed on disk). */
function parsedWhole(file: string): SessionEntry[] {
	return fs
		.readFileSync(file, "utf8")
		.split("\n")
		.slice(1)
		.filter((l) => l.trim() !== "")
		.map((l) => JSON.parse(l) as SessionEntry);
}

describe("message bodies stay in the file until asked", () => {
	const t = tempSessionFile();

	it("a loaded long entry holds no content string, yet reads, spreads and serializes as the line", () => {
		const texts = write(t.file, [user("u1", null, LONG), user("u2", "u1", "short")]);
		const view = SessionStore.open(t.file).snapshot();
		const entry = view.getEntry("u1");
		if (entry?.type !== "message" || entry.message.role !== "user") throw new Error("u1 is not a user message");
		const held = Object.getOwnPropertyDescriptor(entry.message, "content");
		expect(held?.get).toBeTypeOf("function");
		expect(held).not.toHaveProperty("value");
		// A short line is kept as parsed.
		const short = view.getEntry("u2");
		if (short?.type !== "message") throw new Error("u2 is not a message");
		expect(Object.getOwnPropertyDescriptor(short.message, "content")?.value).toBe("short");
		expect(entry.message.content).toBe(LONG);
		expect({ ...entry.message }).toEqual({ role: "user", content: LONG, timestamp: 1 });
		expect(JSON.stringify(entry)).toBe(texts[1]);
		expect(view.buildContext().messages).toEqual(parsedWhole(t.file).map((e) => (e.type === "message" ? e.message : undefined)));
	});

	it("reads a body back after the file was appended to by this process", () => {
		write(t.file, [user("u1", null, LONG)]);
		const store = SessionStore.open(t.file, { write: true });
		try {
			for (let i = 0; i < 50; i++) store.appendMessage({ role: "user", content: `${i} ${LONG}`, timestamp: 2 });
			const view = store.snapshot();
			const first = view.getEntry("u1");
			expect(first?.type === "message" && first.message.role === "user" && first.message.content).toBe(LONG);
			const whole = parsedWhole(t.file).map((e) => (e.type === "message" ? e.message : undefined));
			expect(view.buildContext().messages).toEqual(whole);
		} finally {
			store.close();
		}
		// Opened again, the appended entries are read back from the file too.
		const again = SessionStore.open(t.file).snapshot();
		expect(again.buildContext().messages.map((m) => (m.role === "user" ? m.content : ""))).toEqual([
			LONG,
			...Array.from({ length: 50 }, (_, i) => `${i} ${LONG}`),
		]);
	});

	it("byte ranges hold with multibyte text, CRLF line ends and a line longer than a read chunk", () => {
		const cjk = `漢字とかな、emoji 🌳🌲 and é — ${"木".repeat(700)}`;
		const huge = `${"ü".repeat(700_000)}🌳`; // 1.4 MB of UTF-8: longer than the 1 MiB chunk
		const parts = [
			{ type: "text", text: cjk },
			{ type: "toolCall", id: "c1", name: "write", arguments: { path: "/tmp/é.txt", content: huge } },
		];
		const lines = [
			user("u1", null, cjk),
			msg("a1", "u1", { role: "assistant", content: parts, stopReason: "toolUse", timestamp: 2 }, 2),
			msg("t1", "a1", { role: "toolResult", toolCallId: "c1", toolName: "write", content: [{ type: "text", text: huge }], isError: false, timestamp: 3 }, 3),
			user("u2", "t1", `after the long one ${LONG}`),
		];
		write(t.file, lines, "\r\n");
		const view = SessionStore.open(t.file).snapshot();
		expect(view.warnings).toEqual([]);
		expect(view.buildContext().messages).toEqual(lines.map((l) => l.message));
		// The tree previews them from what it keeps, and the same as from the whole entries.
		const wholeView = fakeView(parsedWhole(t.file), view.leafId);
		for (const id of ["u1", "a1", "t1", "u2"]) {
			expect(previewText(view, must(view.getEntry(id)))).toBe(previewText(wholeView, must(wholeView.getEntry(id))));
		}
	});

	it("building the context reads no body; a body the file no longer holds is one clear error", () => {
		const result = { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: LONG }], isError: false, timestamp: 2 };
		const texts = write(t.file, [user("u1", null, LONG), msg("t1", "u1", result, 2)]);
		const view = SessionStore.open(t.file).snapshot();
		fs.truncateSync(t.file, Buffer.byteLength(`${texts[0]}\n`)); // rewritten behind arbor's back
		const context = view.buildContext();
		const stored = view.getEntry("t1");
		expect(context.messages.map((m) => m.role)).toEqual(["user", "toolResult"]);
		expect(context.messages[1]).toBe(stored?.type === "message" ? stored.message : undefined);
		expect(() => JSON.stringify(context)).toThrow(`cannot read back an entry of ${t.file} at byte ${Buffer.byteLength(`${texts[0]}\n`)}: `);
	});

	it("a long tool result stored by arbor before 0.2 is still unwrapped", () => {
		const blob = JSON.stringify({ output: LONG, details: { lines: 3 } });
		const result = { role: "toolResult", toolCallId: "c1", toolName: "read", content: [{ type: "text", text: blob }], isError: false, timestamp: 2 };
		write(t.file, [user("u1", null, "read it"), msg("t1", "u1", result, 2)]);
		const [, unwrapped] = SessionStore.open(t.file).snapshot().buildContext().messages;
		expect(unwrapped).toEqual({ ...result, content: [{ type: "text", text: LONG }], details: { lines: 3 } });
	});

	it("usage of pi's shape is kept as numbers and reads, sums and serializes as the line (issue 17 item 16)", () => {
		const usage = (input: number, cost: number) => ({
			input,
			output: 7,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: input + 7,
			cost: { input: cost, output: 0.1 + 0.2, cacheRead: 1e-9, cacheWrite: 0, total: cost + 0.3 },
		});
		const odd = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { total: 0.5 }, note: "x" };
		const reply = (id: string, parentId: string, u: unknown, n: number) =>
			msg(id, parentId, { role: "assistant", content: [{ type: "text", text: LONG }], api: "a", provider: "p", model: "m", usage: u, stopReason: "stop", timestamp: n }, n);
		const texts = write(t.file, [user("u1", null, LONG), reply("a1", "u1", usage(12, 0.0123), 2), reply("a2", "a1", odd, 3), reply("a3", "a2", usage(2 ** 40, 1 / 3), 4)]);
		const view = SessionStore.open(t.file).snapshot();
		const message = (id: string) => {
			const e = view.getEntry(id);
			if (e?.type !== "message" || e.message.role !== "assistant") throw new Error(`${id} is not an assistant message`);
			return e.message;
		};
		expect(Object.getOwnPropertyDescriptor(message("a1"), "usage")?.get).toBeTypeOf("function");
		expect(Object.getOwnPropertyDescriptor(message("a2"), "usage")?.value).toEqual(odd);
		expect(message("a1").usage).toEqual(usage(12, 0.0123));
		expect(message("a3").usage).toEqual(usage(2 ** 40, 1 / 3));
		expect(view.entries.map((e) => JSON.stringify(e))).toEqual(texts.slice(1));
		expect(view.buildContext().messages).toEqual(parsedWhole(t.file).map((e) => (e.type === "message" ? e.message : undefined)));
		// A caller may replace it like any field.
		const a1 = message("a1");
		a1.usage = usage(1, 1);
		expect(a1.usage).toEqual(usage(1, 1));
		expect(message("a3").usage?.input).toBe(2 ** 40);
	});

	it("a damaged long entry is still reported with its line and kept byte for byte", () => {
		const bad = msg("b1", "u1", { role: "user", content: [{ type: "thinking", thinking: LONG }], timestamp: 1 });
		const texts = write(t.file, [user("u1", null, LONG), bad, user("u2", "b1", LONG)]);
		const view = SessionStore.open(t.file).snapshot();
		expect(view.warnings.map((w) => w.message)).toEqual([
			"line 3: message entry not usable (message (user): content part 1 is not one of text, image), left out of views and context",
		]);
		expect(JSON.stringify(view.getEntry("b1"))).toBe(texts[2]);
		expect(view.buildContext().messages).toEqual([
			{ role: "user", content: LONG, timestamp: 1 },
			{ role: "user", content: LONG, timestamp: 1 },
		]);
	});
});

describe("tree rows from kept heads", () => {
	const t = tempSessionFile();

	/** Every row preview and filter verdict from the store, and from the whole parsed entries. */
	function rowsBothWays(lines: Line[]) {
		write(t.file, lines);
		const view = SessionStore.open(t.file).snapshot();
		const entries = parsedWhole(t.file);
		const wholeView = fakeView(entries, view.leafId);
		const row = (v: SessionTreeView, e: SessionEntry) => [previewText(v, e), passesFilter(v, e, "default")];
		return {
			kept: view.entries.map((e) => row(view, e)),
			whole: entries.map((e) => row(wholeView, e)),
		};
	}

	it("previews and the silent-step filter match the whole entries at the edges of a head", () => {
		const blankThenText = `${" ".repeat(300)}\n\n${"visible ".repeat(40)}`;
		const lines = [
			user("u1", null, [
				{ type: "text", text: "first part ".repeat(20) },
				{ type: "image", data: "A".repeat(2000), mimeType: "image/png" },
				{ type: "text", text: "second part ".repeat(30) },
			]),
			// Blank for longer than a head's text, then visible: not a silent step.
			msg("a1", "u1", { role: "assistant", content: [{ type: "text", text: blankThenText }], stopReason: "stop", timestamp: 2 }, 2),
			// Only thinking and a tool call with long arguments: a silent step, its result previews the call.
			msg(
				"a2",
				"a1",
				{
					role: "assistant",
					content: [
						{ type: "thinking", thinking: LONG },
						{ type: "toolCall", id: "c1", name: "grep", arguments: { pattern: `p${"x".repeat(400)}`, opts: { deep: [1, { k: LONG }] } } },
					],
					stopReason: "toolUse",
					timestamp: 3,
				},
				3,
			),
			msg("t1", "a2", { role: "toolResult", toolCallId: "c1", toolName: "grep", content: [{ type: "text", text: LONG }], isError: false, timestamp: 4 }, 4),
			{ type: "branch_summary", id: "b1", parentId: "t1", timestamp: at(5), fromId: "u1", summary: `  summary\t${LONG}` },
			{ type: "custom_message", id: "c2", parentId: "b1", timestamp: at(6), customType: "note", content: LONG, display: true },
			user("u2", "c2", "done"),
		];
		const { kept, whole } = rowsBothWays(lines);
		expect(kept).toEqual(whole);
		expect(kept.map(([, shown]) => shown)).toEqual([true, true, false, true, true, true, true]);
	});

	it("content kept as text alone or cut like a text part previews as the whole", () => {
		const blankThenText = `${" ".repeat(300)}\n\n${"visible ".repeat(40)}`;
		const edge = `${"b".repeat(240)} ${"c".repeat(400)}`;
		const lines = [
			user("u1", null, blankThenText),
			user("u2", "u1", edge),
			user("u3", "u2", [{ type: "text", text: blankThenText }]),
			msg("a1", "u3", { role: "assistant", content: [{ type: "thinking", thinking: LONG }, { type: "text", text: edge }], stopReason: "stop", timestamp: 2 }, 2),
			msg("a2", "a1", { role: "assistant", content: [{ type: "text", text: `${" ".repeat(300)}${LONG}` }], stopReason: "stop", timestamp: 3 }, 3),
			msg("a3", "a2", { role: "assistant", content: [{ type: "text", text: " ".repeat(600) }], stopReason: "stop", timestamp: 4 }, 4),
			{ type: "custom_message", id: "c1", parentId: "a3", timestamp: at(5), customType: "note", content: blankThenText, display: true },
			msg("x1", "c1", { role: "custom", customType: "note", content: [{ text: edge, type: "text" }], display: true, timestamp: 6 }, 6),
		];
		const { kept, whole } = rowsBothWays(lines);
		expect(kept).toEqual(whole);
		expect(kept.map(([, shown]) => shown)).toEqual([true, true, true, true, true, false, true, true]);
	});

	it("tool results preview their calls from the kept heads as from the whole calls", () => {
		const spaced = `${"word    ".repeat(50)}\t\n${"tail ".repeat(80)}`; // folds to fewer characters than it has
		const call = (id: string, name: string, args: Line) => ({ type: "toolCall", id, name, arguments: args });
		const result = (id: string, parentId: string, callId: string, name: string, n: number) =>
			msg(id, parentId, { role: "toolResult", toolCallId: callId, toolName: name, content: [{ type: "text", text: "ok" }], isError: false, timestamp: n }, n);
		const calls = [
			call("c1", "read", { path: `/src/${spaced}` }),
			call("c2", "edit", { file_path: spaced, oldText: LONG, newText: LONG }),
			call("c3", "bash", { command: spaced, timeout: 30 }),
			call("c4", "grep", { pattern: spaced, glob: "*.ts" }),
			call("c5", "find", { query: { words: [spaced, LONG], deep: { k: LONG } }, limit: 3 }),
			call("c6", "note", { text: "short", more: `${" ".repeat(250)}x${LONG}` }),
		];
		const lines = [
			user("u1", null, "go"),
			msg("a1", "u1", { role: "assistant", content: [{ type: "text", text: LONG }, ...calls], stopReason: "toolUse", timestamp: 2 }, 2),
			...calls.map((c, i) => result(`t${i + 1}`, i === 0 ? "a1" : `t${i}`, c.id, c.name, 3 + i)),
		];
		const { kept, whole } = rowsBothWays(lines);
		expect(kept).toEqual(whole);
		expect(kept.slice(2).map(([preview]) => String(preview).slice(0, 7))).toEqual(["[read: ", "[edit: ", "[bash: ", "[grep: ", "[find: ", "[note: "]);
	});

	it("heads are the texts' first characters, whatever characters the line holds", () => {
		const emojiAtCut = `${"a".repeat(HEAD_CHARS - 1)}😀${LONG}`; // the cut falls inside the pair
		const latinCutWideLater = `café ${"é".repeat(300)} 😀 ${LONG}`; // a Latin-1 cut of a line with wide characters
		const wideCut = `日本語 ${"字".repeat(400)}`;
		const texts = [LONG, emojiAtCut, latinCutWideLater, wideCut];
		const lines: Line[] = texts.map((text, i) => user(`u${i}`, i ? `u${i - 1}` : null, [{ type: "text", text }]));
		// A text part with another field, and one whose keys come in another order: the general path.
		lines.push(user("x1", "u3", [{ type: "text", text: latinCutWideLater, cache: true }]));
		lines.push(user("x2", "x1", [{ text: emojiAtCut, type: "text" }]));
		write(t.file, lines);
		const view = SessionStore.open(t.file).snapshot();
		const head = (id: string) => {
			const entry = view.getEntry(id);
			if (entry?.type !== "message") throw new Error(`${id} is not a message`);
			return headOf(entry.message, "content");
		};
		texts.forEach((text, i) => expect(head(`u${i}`)).toEqual([{ type: "text", text: text.slice(0, HEAD_CHARS) }]));
		expect(head("u1")).toEqual([{ type: "text", text: `${"a".repeat(HEAD_CHARS - 1)}\ud83d` }]);
		expect(head("x1")).toEqual([{ type: "text", text: latinCutWideLater.slice(0, HEAD_CHARS), cache: true }]);
		expect(Object.keys((head("x1") as Line[])[0] ?? {})).toEqual(["type", "text", "cache"]);
		expect(head("x2")).toEqual([{ text: emojiAtCut.slice(0, HEAD_CHARS), type: "text" }]);
		expect(Object.keys((head("x2") as Line[])[0] ?? {})).toEqual(["text", "type"]);
	});

	it("a content's kept head holds no more than a preview reads (issue 17 item 16)", () => {
		write(t.file, [
			user("u1", null, LONG),
			msg("a1", "u1", { role: "assistant", content: [{ type: "thinking", thinking: LONG }, { type: "text", text: LONG }], stopReason: "stop", timestamp: 2 }, 2),
		]);
		const view = SessionStore.open(t.file).snapshot();
		const heads = ["u1", "a1"].map((id) => {
			const entry = view.getEntry(id);
			if (entry?.type !== "message") throw new Error(`${id} is not a message`);
			return { head: headOf(entry.message, "content"), kept: bodyPlace(entry.message)?.head };
		});
		// A string content is previewed from its first HEAD_CHARS characters, like a text part.
		expect(heads[0]?.head).toBe(LONG.slice(0, HEAD_CHARS));
		// Thinking then one text part is kept as the text and the thinking's first character (what the
		// transcript's count of items reads), not as a list of parts.
		expect(heads[1]?.head).toEqual([
			{ type: "thinking", thinking: LONG.slice(0, 1) },
			{ type: "text", text: LONG.slice(0, HEAD_CHARS) },
		]);
		expect(heads[1]?.kept).toBeInstanceOf(TextHead);
		// A tool call keeps path, file_path and command as a row folds them; other arguments as it cuts them.
		write(t.file, [
			user("u1", null, "go"),
			msg("a1", "u1", {
				role: "assistant",
				content: [{ type: "toolCall", id: "c1", name: "edit", arguments: { path: LONG, oldText: LONG, more: { deep: [LONG] } } }],
				stopReason: "toolUse",
				timestamp: 2,
			}),
		]);
		const a1 = SessionStore.open(t.file).snapshot().getEntry("a1");
		if (a1?.type !== "message") throw new Error("a1 is not a message");
		expect(headOf(a1.message, "content")).toEqual([
			{
				type: "toolCall",
				id: "c1",
				name: "edit",
				arguments: { path: LONG.slice(0, LINE_HEAD_CHARS), oldText: LONG.slice(0, HEAD_CHARS), more: { deep: [LONG.slice(0, HEAD_CHARS)] } },
			},
		]);
	});
});

function must<T>(value: T | undefined): T {
	if (value === undefined) throw new Error("missing");
	return value;
}
