import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, quit, tempPlace } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

let tmux: ArborTerminal | undefined;
let dir: string | undefined;
afterEach(async () => {
	await cleanUp({ tmux, dir });
	[tmux, dir] = [undefined, undefined];
});

/** 5,000 files in 50 folders (the 50,000-file walk is timed by scripts/bench-at.mjs), one file to find, and an ignored folder whose file must not be listed. */
function bigTree(root: string): void {
	for (let d = 0; d < 50; d++) {
		const folder = join(root, `pkg${d}`);
		mkdirSync(folder);
		for (let f = 0; f < 100; f++) writeFileSync(join(folder, `module-${f}.ts`), "");
	}
	mkdirSync(join(root, "deep", "er"), { recursive: true });
	writeFileSync(join(root, "deep", "er", "zebra-target.md"), "");
	mkdirSync(join(root, "ignored"));
	writeFileSync(join(root, "ignored", "secret-zebra.md"), "");
	writeFileSync(join(root, ".gitignore"), "ignored/\n");
}

/** The list's rows: `  ▸ path` (chosen) or `    path`. */
const listed = (s: string) => s.split("\n").filter((l) => /^ {2}[▸ ] \S/.test(l)).map((l) => l.trimEnd());

describe("@ completion at 80×24 on a 5,000-file tree", () => {
	// The keystroke's time is printed, not asserted: speed is a bench figure (scripts/bench-at.mjs).
	it("lists the project's files after the first walk, from that walk; Tab and Enter complete, Esc closes", async () => {
		({ dir } = tempPlace("at"));
		const project = join(dir, "project");
		mkdirSync(project);
		bigTree(project);
		const started = performance.now();
		tmux = startArbor({ args: ["--model", "compat:test-model", "--base-url", "http://127.0.0.1:9/v1"], cwd: project, home: join(dir, "home"), cols: 80, rows: 24 });
		await tmux.waitForScreen((s) => s.includes("compat:test-model"), "status line");
		tmux.write("@");
		// The first walk runs in the background; the list is there once it ends.
		const first = await tmux.waitForScreen((s) => listed(s).length === 8 && !s.includes("listing the project's files"), "the first list", 60_000);
		const firstWalkMs = performance.now() - started;
		expect(listed(first)[0]).toBe("  ▸ .gitignore");
		tmux.send("Escape");
		await tmux.waitForScreen((s) => listed(s).length === 0 && s.includes("› @"), "list closed");
		// After the first walk: the list for a new keystroke comes from what it found.
		// One keystroke (the list was closed): measured from the write to the list on the screen.
		const typed = performance.now();
		tmux.write("z");
		const found = await tmux.waitForScreen((s) => listed(s).length === 1, "the match");
		const keystrokeMs = performance.now() - typed;
		expect(listed(found)).toEqual(["  ▸ deep/er/zebra-target.md"]);
		tmux.write("ebtar");
		await tmux.waitForScreen((s) => s.includes("› @zebtar") && listed(s).length === 1, "narrowed");
		console.log(`@ completion: first walk of 5,000 files ${Math.round(firstWalkMs)} ms; list after a keystroke ${Math.round(keystrokeMs)} ms`);
		tmux.write("\t");
		await tmux.waitForScreen((s) => s.includes("› @deep/er/zebra-target.md \n") || /› @deep\/er\/zebra-target\.md\s*\n/.test(s), "completed with Tab");
		expect(listed(tmux.capture())).toEqual([]);
		// An ignored file is not listed; Enter on a list completes instead of sending.
		tmux.write("and @secret-zeb");
		await tmux.waitForScreen((s) => s.includes("no file matches @secret-zeb"), "ignored file not listed");
		tmux.write("\u007f".repeat(10) + "pkg42/module-49");
		await tmux.waitForScreen((s) => listed(s)[0] === "  ▸ pkg42/module-49.ts", "fuzzy match");
		tmux.write("\r");
		const done = await tmux.waitForScreen((s) => s.includes("and @pkg42/module-49.ts") && listed(s).length === 0, "completed with Enter");
		expect(done).toContain("› @deep/er/zebra-target.md and @pkg42/module-49.ts");
		tmux.send("C-u");
		await quit(tmux);
	}, 120_000);
});
