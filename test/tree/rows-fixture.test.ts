import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { buildTreeJson } from "../../source/tree/json.js";
import { buildTreeRows } from "../../source/tree/build.js";
import type { TreeJsonNode } from "../../source/tree/types.js";
import { renderTreeBytes, renderTreeText } from "../../source/commands/tree-text.js";
import { e, fakeView } from "./fake-view.js";
import { FIXTURES_DIR } from "../helpers/shared.js";

const FIXTURES = FIXTURES_DIR;
type ShapeNode = { id: string; type: string; label?: string; children: ShapeNode[] };

function shape(nodes: TreeJsonNode[]): ShapeNode[] {
	return nodes.map((n) => ({ id: n.id, type: n.type, ...(n.label !== undefined ? { label: n.label } : {}), children: shape(n.children) }));
}

function collectIds(nodes: TreeJsonNode[], out: string[] = []): string[] {
	for (const n of nodes) {
		out.push(n.id);
		collectIds(n.children, out);
	}
	return out;
}

let tmp: string | undefined;
afterEach(() => {
	if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
	tmp = undefined;
});

function openFixture(): SessionStore {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-tree-rows-"));
	const file = path.join(tmp, "s.jsonl");
	fs.copyFileSync(path.join(FIXTURES, "pi-tree-session.jsonl"), file);
	return SessionStore.open(file);
}

describe("pi-tree-session fixture", () => {
	it("filter all lists every entry once in the expected tree shape", () => {
		const view = openFixture().snapshot();
		const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "pi-tree-session.expected.json"), "utf8"));
		const json = buildTreeJson(view, { filter: "all" });
		const ids = collectIds(json.roots);
		expect(ids.length).toBe(view.entries.length);
		expect(new Set(ids).size).toBe(view.entries.length);
		expect(shape(json.roots)).toEqual(expected.tree);
		expect(json.leafId).toBe(expected.leafId);
		expect(buildTreeRows(view, { filter: "all" }).map((r) => r.id)).toEqual(ids);
	});
});

describe("buildTreeJson", () => {
	it("re-parents hidden entries and carries role, label, preview and the active path", () => {
		const view = fakeView(
			[
				e.other("m", null, "model_change", { provider: "p", modelId: "x" }),
				e.user("u", "m", "hi"),
				e.other("l", "u", "label", { targetId: "u", label: "start" }),
				e.assistant("a", "l", "hello"),
				e.assistant("b", "u", "other"),
			],
			"a",
		);
		expect(buildTreeJson(view, { filter: "default" })).toEqual({
			leafId: "a",
			roots: [
				{
					id: "u",
					parentId: "m",
					type: "message",
					role: "user",
					label: "start",
					preview: "user: hi",
					onActivePath: true,
					children: [
						{ id: "a", parentId: "l", type: "message", role: "assistant", preview: "assistant: hello", onActivePath: true, children: [] },
						{ id: "b", parentId: "u", type: "message", role: "assistant", preview: "assistant: other", onActivePath: false, children: [] },
					],
				},
			],
		});
		expect(buildTreeJson(view, { filter: "default", search: "other" }).roots.map((n) => n.id)).toEqual(["b"]);
	});
});

describe("renderTreeText", () => {
	const view = fakeView([e.user("u", null, "hi"), e.assistant("a", "u", "hello"), e.other("l", "u", "label", { targetId: "u", label: "go" })], "a");

	it("prints plain rows and a (visible/total entries) footer", () => {
		expect(renderTreeText(view, { filter: "default", width: 80, color: false })).toBe(
			"  • [go] user: hi\n  • assistant: hello ← active\n  (2/3 entries)\n",
		);
	});
	it("says No entries found when nothing matches", () => {
		expect(renderTreeText(view, { filter: "default", search: "zzz", width: 80, color: false })).toBe("  No entries found\n  (0/3 entries)\n");
	});
	it("adds ANSI colour only when asked", () => {
		expect(renderTreeText(view, { filter: "default", width: 80, color: true })).toBe(
			"  • \u001B[33m[go] \u001B[39muser: hi\n" +
				"  • \u001B[2massistant: hello\u001B[22m\u001B[32m ← active\u001B[39m\n  (2/3 entries)\n",
		);
	});
	it("renderTreeBytes (what the CLI writes) is that text in UTF-8, rows or none", () => {
		// 6,000 rows of 240 three-byte characters: several times the first buffer (1 MB), so it grows.
		const many = Array.from({ length: 6000 }, (_, i) => e.user(`u${i}`, i === 0 ? null : `u${i - 1}`, `${"漢".repeat(240)}🎉`));
		const wide = fakeView(many, "u5999");
		for (const [v, search] of [[view, undefined], [view, "zzz"], [wide, undefined]] as const) {
			const opts = { filter: "default", search, width: 100_000, color: false } as const;
			expect(renderTreeBytes(v, opts).equals(Buffer.from(renderTreeText(v, opts), "utf8"))).toBe(true);
		}
	});
});
