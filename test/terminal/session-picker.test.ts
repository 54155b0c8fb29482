import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { savedSession } from "../helpers/saved-session.js";

const fx = useArborRun<ArborTerminal>();

describe("session picker (-r) in the virtual terminal", () => {
	it("indents forks, searches ids, renames with Ctrl+R and moves a session to the trash with Ctrl+D y", async () => {
		const place = tempPlace("picker");
		fx.dir = place.dir;
		const alpha = savedSession(place.home, place.dir, "alpha apples", 3 * 3600_000);
		const beta = savedSession(place.home, place.dir, "beta bananas", 5 * 60_000);
		const fork = savedSession(place.home, place.dir, "alpha fork", 10 * 60_000, alpha);
		const forkId = SessionStore.open(fork).id;
		fx.tmux = startArbor({ args: ["-r"], cwd: place.dir, home: place.home });
		const screen = await fx.tmux.waitForScreen((s) => s.includes("Resume a session"), "picker");
		expect(screen).toMatch(/› +5m {2}beta bananas {2}\(2\)\n +3h {2}alpha apples {2}\(2\)\n +10m {4}└ alpha fork {2}\(2\)\n/);
		fx.tmux.type(forkId.slice(0, 8));
		await fx.tmux.waitForScreen((s) => /› +10m {2}alpha fork/.test(s) && !s.includes("beta bananas"), "found by id");
		fx.tmux.send("C-u");
		await fx.tmux.waitForScreen((s) => s.includes("beta bananas"), "search cleared");
		fx.tmux.send("Down", "C-r");
		await fx.tmux.waitForScreen((s) => s.includes("Rename alpha apples") && s.includes("Name: ▏"), "rename field");
		fx.tmux.send("Apple pie", "Enter");
		const renamed = await fx.tmux.waitForScreen((s) => s.includes("Renamed to Apple pie"), "renamed");
		expect(readFileSync(alpha, "utf8")).toMatch(/"type":"session_info".*"name":"Apple pie"/);
		// A rename is not work in the session: it keeps its place and stays selected.
		expect(renamed).toMatch(/ +5m {2}beta bananas {2}\(2\)\n› +3h {2}Apple pie {2}\(3\)\n +10m {4}└ alpha fork {2}\(2\)\n/);
		// The rename field starts with the current name.
		fx.tmux.send("C-r");
		await fx.tmux.waitForScreen((s) => s.includes("Rename Apple pie") && s.includes("Name: Apple pie▏"), "rename field with the name");
		fx.tmux.send("Escape");
		await fx.tmux.waitForScreen((s) => !s.includes("Rename Apple pie"), "rename cancelled");
		fx.tmux.send("Home", "C-d");
		await fx.tmux.waitForScreen((s) => s.includes("Move beta bananas to the trash"), "confirmation");
		fx.tmux.send("y");
		await fx.tmux.waitForScreen((s) => s.includes("Moved to"), "moved");
		expect(existsSync(beta)).toBe(false);
		expect(readdirSync(join(place.home, "trash"))).toEqual([beta.split("/").at(-1)]);
	}, 60_000);

	it("marks a session whose last reply failed (a one-shot -p run that got an error)", async () => {
		const place = tempPlace("picker");
		fx.dir = place.dir;
		savedSession(place.home, place.dir, "worked fine", 3 * 3600_000);
		const failed = savedSession(place.home, place.dir, "no key run", 5 * 60_000);
		writeFileSync(failed, readFileSync(failed, "utf8").replace('"stopReason":"stop"', '"stopReason":"error","errorMessage":"401 invalid key"'));
		fx.tmux = startArbor({ args: ["-r"], cwd: place.dir, home: place.home });
		const screen = await fx.tmux.waitForScreen((s) => s.includes("Resume a session"), "picker");
		expect(screen).toMatch(/› +5m {2}no key run {2}\(2\) {2}✗ last reply failed\n +3h {2}worked fine {2}\(2\)\n/);
	}, 60_000);
});
