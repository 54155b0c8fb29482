import * as fs from "node:fs";
import { describe, expect, it } from "vitest";
import { itLarge } from "../helpers/large.js";
import { SessionStore } from "../../source/session/store.js";
import type { SessionTreeView } from "../../source/session/api.js";
import type { SessionEntry } from "../../source/session/types.js";
import { previewText } from "../../source/tree/preview.js";
import { passesFilter } from "../../source/tree/filter.js";
import { fakeView } from "../tree/fake-view.js";
import { tempSessionFile } from "./helpers.js";

/**
 * Kept heads (lazy-body.ts) against whole entries on many generated shapes: every row's preview
 * and default-filter verdict from a loaded session must be those of the entries parsed whole.
 */
type Line = Record<string, unknown>;

function generator(seed: number) {
	let s = seed;
	const int = (n: number) => {
		s = (s * 1103515245 + 12345) % 2147483648;
		return s % n;
	};
	const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
	const pieces = ["word ", "  ", "\n", "\t", " \n\n ", "é", "木", "🌳", "x", "—", "\u00a0", "\u2028", "{\"output\":", "\\", "\""];
	const text = (): string => {
		const n = pick([0, 1, 5, 60, 120, 235, 240, 241, 242, 300, 480, 481, 482, 700]);
		let out = int(4) === 0 ? " ".repeat(pick([239, 240, 241, 300, 480, 481, 600])) : "";
		while (out.length < n) out += pick(pieces);
		return out.slice(0, n + int(2));
	};
	const value = (depth: number): unknown => {
		switch (depth > 2 ? int(3) : int(6)) {
			case 0:
				return text();
			case 1:
				return int(1000);
			case 2:
				return int(2) === 0;
			case 3:
				return Array.from({ length: int(4) }, () => value(depth + 1));
			default:
				return Object.fromEntries(Array.from({ length: int(4) }, (_, i) => [`k${i}`, value(depth + 1)]));
		}
	};
	const args = (): Line => {
		const keys = ["path", "file_path", "command", "oldText", "pattern", "content", "opts", "text"];
		return Object.fromEntries(Array.from({ length: 1 + int(3) }, () => [pick(keys), value(1)]));
	};
	const textPart = () => (int(5) === 0 ? { type: "text", text: text(), textSignature: text() } : { type: "text", text: text() });
	const other = () => ({ text: text(), type: "text" }); // keys in another order
	const thinking = () => ({ type: "thinking", thinking: text() });
	const image = () => ({ type: "image", data: "A".repeat(600), mimeType: "image/png" });
	/** Parts an assistant may have (else a user's). */
	const content = (assistant = false): unknown[] =>
		Array.from({ length: 1 + int(3) }, () => pick<() => unknown>(assistant ? [textPart, textPart, other, thinking] : [textPart, textPart, other, image])());
	return { int, pick, text, args, content, value };
}

function session(seed: number): Line[] {
	const g = generator(seed);
	const lines: Line[] = [];
	const tools = ["read", "edit", "write", "bash", "grep", "other"];
	let parent: string | null = null;
	const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
	for (let i = 0; lines.length < 120; i++) {
		const id = `e${String(i).padStart(7, "0")}`;
		const base = { id, parentId: parent, timestamp: at(i) };
		const kind = g.int(6);
		if (kind === 0) {
			lines.push({ type: "message", ...base, message: { role: "user", content: g.int(2) ? g.text() : g.content(), timestamp: i } });
		} else if (kind <= 2) {
			const calls = Array.from({ length: g.int(3) }, (_, c) => ({ type: "toolCall", id: `${id}c${c}`, name: g.pick(tools), arguments: g.args(), ...(g.int(6) === 0 ? { text: g.text() } : {}) }));
			const stopReason = g.pick(["stop", "toolUse", "error", "aborted"]);
			const usage = g.pick([
				undefined,
				{ input: i, output: 2, cacheRead: 0, cacheWrite: 1, totalTokens: i + 3, cost: { input: i / 7, output: 0.2, cacheRead: 0, cacheWrite: 1e-7, total: i / 7 + 0.2 } },
				{ input: i, output: 2, totalTokens: i + 2 },
				{ input: i, output: 2, cacheRead: 0, cacheWrite: 1, totalTokens: 3, cost: { total: 0.1 } },
			]);
			const assistant = { role: "assistant", content: [...(g.int(3) ? g.content(true) : []), ...calls], ...(usage ? { usage } : {}), stopReason, timestamp: i };
			lines.push({ type: "message", ...base, message: assistant });
			parent = id;
			for (const call of calls) {
				const rid = `${id}r${call.id}`;
				const result = { role: "toolResult", toolCallId: call.id, toolName: call.name, content: [{ type: "text", text: g.text() }], isError: false, timestamp: i };
				lines.push({ type: "message", id: rid, parentId: parent, timestamp: at(i), message: result });
				parent = rid;
			}
			continue;
		} else if (kind === 3) {
			lines.push({ type: "custom_message", ...base, customType: "note", content: g.int(2) ? g.text() : g.content(), display: true });
		} else if (kind === 4) {
			lines.push({ type: "branch_summary", ...base, fromId: "x", summary: g.text() });
		} else {
			lines.push({ type: "message", ...base, message: { role: "custom", customType: "n", content: g.content(), display: true, timestamp: i } });
		}
		parent = id;
	}
	return lines;
}

describe("tree rows from kept heads, generated shapes", () => {
	const t = tempSessionFile();

	for (const seed of Array.from({ length: 60 }, (_, i) => i + 1)) {
		// Ten seeds in the edit-test loop (npm run test:unit), all sixty in npm test.
		(seed <= 10 ? it : itLarge)(`seed ${seed}: every preview and filter verdict is that of the whole entries`, () => {
			const header = { type: "session", version: 3, id: "fuzz", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" };
			fs.writeFileSync(t.file, `${[header, ...session(seed)].map((l) => JSON.stringify(l)).join("\n")}\n`);
			const view = SessionStore.open(t.file).snapshot();
			const whole = fs
				.readFileSync(t.file, "utf8")
				.split("\n")
				.slice(1)
				.filter((l) => l !== "")
				.map((l) => JSON.parse(l) as SessionEntry);
			const wholeView = fakeView(whole, view.leafId);
			const row = (v: SessionTreeView, e: SessionEntry) => [e.id, previewText(v, e), passesFilter(v, e, "default")];
			expect(view.warnings).toEqual([]);
			expect(view.entries.map((e) => row(view, e))).toEqual(whole.map((e) => row(wholeView, e)));
			// Kept entries still read and serialize as their lines.
			expect(view.entries.map((e) => JSON.stringify(e))).toEqual(whole.map((e) => JSON.stringify(e)));
		});
	}
});
