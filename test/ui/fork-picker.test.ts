import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentText } from "../../source/session/content.js";
import { SessionStore } from "../../source/session/store.js";
import { oneLine } from "../../source/text/one-line.js";
import { userMessages } from "../../source/ui/pickers/fork-picker.js";
import { GEN_SESSION } from "../helpers/shared.js";

const dir = mkdtempSync(join(tmpdir(), "arbor-fork-picker-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("/fork's list of user messages", () => {
	it("labels every user message from what its entry keeps in memory: no message is read back from the file", () => {
		// Opening /fork on a 100k-entry session read its 19k user messages back from disk (~0.6 s).
		// Once the file's bytes are gone, any such read throws.
		const file = join(dir, "bushy.jsonl");
		execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", "bushy", "--n", "3000"], { stdio: "ignore" });
		const view = SessionStore.open(file).snapshot();
		const whole = view.entries.flatMap((e) => (e.type === "message" && e.message.role === "user" ? [oneLine(contentText(e.message.content))] : []));
		expect(whole.length).toBeGreaterThan(300);
		writeFileSync(file, " ".repeat(statSync(file).size));
		const labels = userMessages(view).map((m) => m.label);
		expect(labels.length).toBe(whole.length);
		// The label is the text's first 241 characters (a tree row's head) folded to one line: the
		// start of the whole text's line, longer than any row of the picker in a 200-column terminal.
		for (const [i, label] of labels.entries()) {
			expect(whole[i]!.startsWith(label)).toBe(true);
			expect(label.length).toBeGreaterThanOrEqual(Math.min(200, whole[i]!.length));
		}
	});
});
