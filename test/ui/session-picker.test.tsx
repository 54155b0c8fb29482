import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listAllSessions, listSessions } from "../../source/session/listing.js";
import { SessionStore } from "../../source/session/store.js";
import { sessionDirFor } from "../../source/session/paths.js";
import { lineage } from "../../source/ui/pickers/session-lineage.js";
import { tempDir } from "../navigation/helpers.js";
import { setup, appTestHooks } from "./app-harness.js";
import { savedSession } from "../helpers/saved-session.js";

let unmount: (() => void) | undefined;
appTestHooks(() => {
	unmount?.();
	unmount = undefined;
});

async function picker() {
	const home = tempDir();
	const alpha = savedSession(home, home, "alpha apples", 3 * 3600_000);
	const beta = savedSession(home, home, "beta bananas", 5 * 60_000);
	const fork = savedSession(home, home, "alpha fork", 10 * 60_000, alpha);
	const t = await setup({
		dir: home,
		options: { openPicker: "resume", home, sessionDir: sessionDirFor(home, home) },
		deps: { listSessions: () => listSessions(sessionDirFor(home, home)), listAllSessions: () => listAllSessions(home) },
	});
	unmount = t.unmount;
	return { t, home, alpha, beta, fork };
}

const rowsOf = (frame: string) => frame.split("\n").filter((l) => /^[› ] [ *]/.test(l) && /\(\d+\)$/.test(l));

describe("session picker", () => {
	it("shows forks indented under the session they came from; search lists matches flat, ids included", async () => {
		const { t, fork } = await picker();
		await t.until(() => t.frame().includes("this folder"), "picker");
		expect(rowsOf(t.frame())).toEqual([
			"›    5m  beta bananas  (2)",
			"     3h  alpha apples  (2)",
			"    10m    └ alpha fork  (2)",
		]);
		const id = SessionStore.open(fork).id;
		await t.press(id.slice(0, 8));
		await t.until(() => rowsOf(t.frame()).length === 1, "search by id");
		expect(rowsOf(t.frame())).toEqual(["›   10m  alpha fork  (2)"]);
	});

	it("Ctrl+R renames with a session_info entry; Ctrl+D y moves the file to the trash, n keeps it", async () => {
		const { t, home, alpha, beta } = await picker();
		await t.until(() => t.frame().includes("this folder"), "picker");
		await t.press("\x1b[B\x12");
		await t.until(() => t.frame().includes("Name: ▏"), "rename field");
		await t.press("Apple pie\r");
		await t.until(() => t.frame().includes("Renamed to Apple pie"), "renamed");
		expect(readFileSync(alpha, "utf8")).toMatch(/"type":"session_info".*"name":"Apple pie"/);
		// A rename is not work in the session: it keeps its place (and its age).
		expect(rowsOf(t.frame())).toEqual([
			"     5m  beta bananas  (2)",
			"›    3h  Apple pie  (3)",
			"    10m    └ alpha fork  (2)",
		]);
		await t.press("\x1b[H\x04");
		await t.until(() => t.frame().includes("to the trash"), "confirm");
		await t.press("n");
		await t.until(() => t.frame().includes("this folder"), "kept");
		expect(existsSync(beta)).toBe(true);
		await t.press("\x04y");
		await t.until(() => t.frame().includes("Moved to"), "trashed");
		expect(existsSync(beta)).toBe(false);
		expect(readdirSync(join(home, "trash"))).toEqual([beta.split("/").at(-1)]);
		expect(rowsOf(t.frame()).some((r) => r.includes("beta"))).toBe(false);
	});
});

describe("lineage", () => {
	it("puts forks under their parent, keeps order, survives cycles", () => {
		const s = (file: string, parentSession?: string) => ({ file, id: file, cwd: "/", firstMessage: file, entryCount: 1, modified: new Date(0), ...(parentSession ? { parentSession } : {}) });
		const rows = lineage([s("c", "a"), s("a"), s("b", "missing"), s("x", "y"), s("y", "x")]);
		expect(rows.map((r) => `${r.depth}:${r.session.file}`)).toEqual(["0:a", "1:c", "0:b", "0:x", "1:y"]);
	});
});
