import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { submitLine, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import { entries, model, sessionFiles } from "../helpers/print-run.js";
import { tempProject } from "../checkpoints/helpers.js";
import { fanoutServer } from "./fanout-server.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useArborRun<ArborTerminal>();

/** The chat in a temp project (a.txt = "start"), one answered prompt, against a fan-out server. */
async function chat(size: { cols: number; rows: number }, hold: number[] = []) {
	const at = tempProject();
	fx.dir = path.dirname(at.cwd);
	fs.writeFileSync(path.join(at.cwd, "a.txt"), "start\n");
	fx.server = await fanoutServer({ command: (k) => `echo branch-${k} > a.txt && echo new-${k} > b${k}.txt`, hold });
	const t = startArbor({ args: model(fx.server.url), cwd: at.cwd, home: at.home, ...size });
	fx.tmux = t;
	await t.waitForScreen((s) => s.includes("compat:test-model"), "status line");
	await submitLine(t, "hi");
	await waitForReply(t, "Hello.");
	const file = sessionFiles(at.home)[0]!;
	return { t, at, file, a: () => fs.readFileSync(path.join(at.cwd, "a.txt"), "utf8") };
}

const labels = (file: string) => entries(file).filter((e) => e.type === "label" && e.label).map((e) => e.label).sort();

describe("/fanout in the chat (virtual terminal, the local model server, real git)", () => {
	it("120×40: three labelled siblings side by side, the tree untouched until Enter keeps one, then /undo-restore", async () => {
		const { t, at, file, a } = await chat({ cols: 120, rows: 40 });
		const leaf = entries(file).at(-1).id;
		await submitLine(t, "/fanout 3 change a.txt");
		const screen = await t.waitForScreen((s) => s.includes("total $"), "the comparison");
		for (const k of [1, 2, 3]) expect(screen).toContain(`[${k}] compat:test-model`);
		expect(screen).toContain("Branch 1 done");
		expect(screen).toContain("+2 -1 in 2 files");
		expect(labels(file)).toEqual([1, 2, 3].map((k) => `fanout ${k}/3 · compat:test-model`));
		const prompts = entries(file).filter((e) => e.type === "message" && e.message.role === "user" && e.parentId === leaf);
		expect(prompts).toHaveLength(3);
		// The working tree is untouched until one is kept.
		expect(a()).toBe("start\n");
		expect(fs.existsSync(path.join(at.cwd, "b2.txt"))).toBe(false);
		t.send("Down");
		await t.waitForScreen((s) => /›\[2\]/.test(s), "branch 2 chosen");
		t.send("d");
		await t.waitForScreen((s) => s.includes("+branch-2") && s.includes("b2.txt") && s.includes("diff against the start"), "branch 2's diff");
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("total $"), "back at the comparison");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Kept branch 2") && s.includes("merge it into kept [2]"), "kept, the comparison still there");
		expect(a()).toBe("branch-2\n");
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("Kept branch 2") && !s.includes("total $"), "closed");
		expect(fs.readFileSync(path.join(at.cwd, "b2.txt"), "utf8")).toBe("new-2\n");
		expect(fs.existsSync(path.join(at.cwd, "b1.txt"))).toBe(false);
		await submitLine(t, "/undo-restore");
		await t.waitForScreen((s) => s.includes("Files restored to before the last restore"), "undone");
		expect(a()).toBe("start\n");
		expect(fs.existsSync(path.join(at.cwd, "b2.txt"))).toBe(false);
	});

	it("80×24: Esc mid-way aborts the running branch, the finished ones stay; Esc leaves without keeping", async () => {
		const { t, file, a } = await chat({ cols: 80, rows: 24 }, [3]);
		await submitLine(t, "/fanout 3 go");
		await t.waitForScreen((s) => s.includes("[1] compat:test-model · done") && s.includes("[2] compat:test-model · done") && s.includes("[3] compat:test-model · bash"), "two done, one running");
		t.send("Escape");
		const screen = await t.waitForScreen((s) => s.includes("total $"), "the comparison after the abort");
		expect(screen).toContain("aborted");
		for (const k of [1, 2, 3]) expect(screen).toContain(`[${k}] compat:test-`);
		for (const line of screen.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
		expect(labels(file)).toEqual([1, 2, 3].map((k) => `fanout ${k}/3 · compat:test-model`));
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("3 branches stay in /tree"), "left");
		expect(a()).toBe("start\n");
	});

	it("80×24: Enter keeps branch 1, Shift+M on branch 2 merges its conclusions into it: a branch summary at branch 1's end, the leaf", async () => {
		const { t, file, a } = await chat({ cols: 80, rows: 24 });
		await submitLine(t, "/fanout 2 change a.txt");
		const screen = await t.waitForScreen((s) => s.includes("total $"), "the comparison");
		expect(screen).toContain("Shift+M merge into the kept");
		t.send("M");
		await t.waitForScreen((s) => s.includes("Keep a branch first (Enter)"), "Shift+M before a keep says what to do");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Kept branch 1") && s.includes("kept · done") && s.includes("Shift+M merge it into kept [1]"), "branch 1 kept, marked");
		expect(a()).toBe("branch-1\n");
		t.send("M");
		await t.waitForScreen((s) => s.includes("Branch 1 is the kept one"), "the kept branch is not merged into itself");
		t.send("Down");
		await t.waitForScreen((s) => /›\[2\]/.test(s), "branch 2 chosen");
		t.send("M");
		const merged = await t.waitForScreen((s) => s.includes("Merged branch 2's conclusions into branch 1") && s.includes("merged into [1]"), "merged");
		for (const line of merged.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
		const all = entries(file);
		const ends = Object.fromEntries([1, 2].map((k) => [k, endOf(all, `fanout ${k}/2 · compat:test-model`)]));
		const summary = all.filter((e) => e.type === "branch_summary");
		expect(summary).toHaveLength(1);
		expect(summary[0]).toMatchObject({ fromId: ends[2], parentId: ends[1] });
		// The summary is the file's last entry, no leaf marker after it: the leaf.
		expect(all.at(-1).id).toBe(summary[0].id);
		t.send("Escape");
		await t.waitForScreen((s) => s.includes("merged 1 branch into it ([2])") && !s.includes("total $"), "closed, the status says what was done");
		// The next prompt continues from the summary: the kept branch's conversation plus what branch 2 concluded.
		await submitLine(t, "next");
		await waitForReply(t, "Hello.");
		// "Hello." may be on the screen from before: the prompt's own entry is what is waited for.
		expect(await waitFor(() => lastUserParent(file, "next"), { what: "the next prompt stored" })).toBe(summary[0].id);
	});
});

/** The end of the branch whose first entry carries `label`: its last entry before the label. */
function endOf(all: any[], label: string): string {
	const first = all.find((e) => e.type === "label" && e.label === label).targetId;
	let id = first;
	for (;;) {
		const child = all.find((e) => e.parentId === id && e.type !== "branch_summary" && !(e.type === "custom" && e.customType === "arbor.leaf"));
		if (!child) return id;
		id = child.id;
	}
}

function lastUserParent(file: string, text: string): string | undefined {
	return entries(file).find((e) => e.type === "message" && e.message.role === "user" && (e.message.content === text || JSON.stringify(e.message.content).includes(`"${text}"`)))?.parentId;
}
