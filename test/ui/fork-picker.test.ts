import { describe, expect, it } from "vitest";
import { contentText } from "../../source/session/content.js";
import { oneLine } from "../../source/text/one-line.js";
import { userMessages } from "../../source/ui/pickers/fork-picker.js";
import { forgetBodies, generatedSession } from "../helpers/generated-session.js";

describe("/fork's list of user messages", () => {
	it("labels every user message from what its entry keeps in memory: no message is read back from the file", () => {
		// Opening /fork on a 100k-entry session read its 19k user messages back from disk (~0.5 s).
		const { file, view } = generatedSession("bushy", 3000);
		const whole = view.entries.flatMap((e) => (e.type === "message" && e.message.role === "user" ? [oneLine(contentText(e.message.content))] : []));
		expect(whole.length).toBeGreaterThan(300);
		forgetBodies(file);
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
