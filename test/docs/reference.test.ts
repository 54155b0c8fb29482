import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS_KEYS } from "../../source/config/settings.js";
import { EVENT_NAMES } from "../../source/events/bus.js";
import { COMMANDS } from "../../source/rpc/commands.js";

const root = join(import.meta.dirname, "../..");
const read = (page: string) => readFileSync(join(root, "docs", page), "utf8");

/** The names in backticks in the first cell of each table row of a page's `## heading` section. */
function rowNames(page: string, heading: string): string[] {
	const text = read(page);
	const start = text.indexOf(`\n## ${heading}\n`);
	expect(start, `docs/${page} has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
	const end = text.indexOf("\n## ", start + 1);
	const section = text.slice(start, end === -1 ? undefined : end);
	return [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...(row[1] ?? "").matchAll(/`([\w/]+)`/g)].map((m) => m[1] ?? ""));
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Every method the ACP agent registers (`.onRequest("…"` / `.onNotification("…"` in source/acp/). */
function acpMethods(): string[] {
	const dir = join(root, "source/acp");
	const text = readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
	return sorted([...text.matchAll(/\.on(?:Request|Notification)\("([^"]+)"/g)].map((m) => m[1] ?? ""));
}

describe("the reference tables of docs/ list what the code has, and no other", () => {
	it("settings.md: every settings key", () => expect(sorted(rowNames("settings.md", "Every key"))).toEqual(sorted(SETTINGS_KEYS)));

	it("rpc.md: every RPC command", () => expect(sorted(rowNames("rpc.md", "Commands"))).toEqual(sorted(Object.keys(COMMANDS))));

	it("extensions.md: every extension event", () => expect(sorted(rowNames("extensions.md", "Events"))).toEqual(sorted(EVENT_NAMES)));

	it("acp.md: every ACP method arbor answers", () => {
		const methods = acpMethods();
		expect(methods.length).toBeGreaterThan(10);
		const documented = new Set(rowNames("acp.md", "Methods"));
		expect(methods.filter((m) => !documented.has(m))).toEqual([]);
	});
});
