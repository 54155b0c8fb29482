/**
 * A kept head (session/lazy-body.ts) whose cut falls inside a surrogate pair previews exactly as
 * the whole text does: `arbor tree --json` of the built CLI prints the same preview for a long
 * (lazily kept) entry as for the same text in a short (wholly parsed) one.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "arbor-tree-cut-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type JsonNode = { id: string; preview: string; children: JsonNode[] };

function previews(nodes: JsonNode[], out = new Map<string, string>()): Map<string, string> {
	for (const n of nodes) {
		out.set(n.id, n.preview);
		previews(n.children, out);
	}
	return out;
}

describe("arbor tree previews of kept heads cut inside a surrogate pair", () => {
	it("print the lone surrogate the whole text previews, not U+FFFD", async () => {
		// 240 blank characters fold away; the 241st is the first half of 🌳.
		const text = `${" ".repeat(240)}🌳 tree ${"x".repeat(400)}`;
		const at = (n: number) => `2026-01-01T00:00:0${n}.000Z`;
		const lines = [
			{ type: "session", version: 3, id: "cut", timestamp: at(0), cwd: dir },
			{ type: "message", id: "s1", parentId: null, timestamp: at(1), message: { role: "user", content: " ".repeat(240) + "🌳", timestamp: 1 } },
			{ type: "message", id: "l1", parentId: "s1", timestamp: at(2), message: { role: "user", content: text, timestamp: 2 } },
			{ type: "message", id: "l2", parentId: "l1", timestamp: at(3), message: { role: "user", content: [{ type: "text", text }], timestamp: 3 } },
			{ type: "custom_message", id: "l3", parentId: "l2", timestamp: at(4), customType: "note", content: text, display: true },
		];
		const file = join(dir, "s.jsonl");
		writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
		const run = await runCli(["tree", "--json", "--filter", "all", file], { env: { ARBOR_HOME: join(dir, "home") } });
		expect(run.stderr).toBe("");
		const shown = previews((JSON.parse(run.stdout) as { roots: JsonNode[] }).roots);
		expect(shown.get("s1")).toBe("user: \ud83c");
		expect([shown.get("l1"), shown.get("l2"), shown.get("l3")]).toEqual(["user: \ud83c", "user: \ud83c", "[note]: \ud83c"]);
	});
});
