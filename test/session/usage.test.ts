import * as fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../../source/agent/stats.js";
import { listSessions } from "../../source/session/listing.js";
import { SessionStore } from "../../source/session/store.js";
import { sessionCost } from "../../source/session/usage.js";
import { FIXTURES_DIR } from "../helpers/shared.js";

const DIR = join(FIXTURES_DIR, "pi16");
const FILE = join(DIR, "session.jsonl");
type Raw = { id: string; type: string; usage?: { cost?: { total?: number } }; message?: { role: string; usage?: { cost?: { total?: number } } } };
const raw = (): Raw[] => fs.readFileSync(FILE, "utf8").trim().split("\n").slice(1).map((l) => JSON.parse(l) as Raw);
/** pi 1.6's rule (session-format.md): replies, `usage` entries and summaries' usage count. */
const piCost = (entries: Raw[]) =>
	entries.reduce((sum, e) => sum + ((e.type === "message" ? (e.message?.role === "assistant" ? e.message.usage : undefined) : e.usage)?.cost?.total ?? 0), 0);

describe("pi 1.6's usage entries and summaries' usage", () => {
	it("count in the session's cost, in the listing's and in the path's stats", () => {
		const entries = raw();
		expect(entries.some((e) => e.type === "usage" && (e.usage?.cost?.total ?? 0) > 0)).toBe(true);
		const view = SessionStore.open(FILE).snapshot();
		expect(sessionCost(view.entries)).toBeCloseTo(piCost(entries), 10);
		expect(listSessions(DIR, { cost: true })[0]?.cost).toBeCloseTo(piCost(entries), 10);
		// The first branch's end holds the usage entry on its path: the path's stats count it.
		const welcome = must(view.entries.find((e) => e.type === "message" && JSON.stringify(e.message).includes("Welcome back.")));
		const atWelcome = Object.create(view, { leafId: { value: welcome.id } }) as typeof view;
		const onPath = new Set(view.getPath(welcome.id).map((e) => e.id));
		expect(view.getPath(welcome.id).some((e) => e.type === "usage")).toBe(true);
		expect(sessionStats(atWelcome, { file: FILE, id: "x" }, undefined).cost).toBeCloseTo(piCost(entries.filter((e) => onPath.has(e.id))), 10);
	});
});

function must<T>(value: T | undefined): T {
	if (value === undefined) throw new Error("fixture entry missing");
	return value;
}
