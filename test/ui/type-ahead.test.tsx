import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { RunTurnOptions } from "../../source/llm/turn.js";
import { TYPE_AHEAD_MS, TYPE_AHEAD_NOTE } from "../../source/ui/input/type-ahead.js";
import { testClock } from "./test-clock.js";
import { failOnActWarnings } from "./act-warnings.js";
import { fakeTurn, setup } from "./app-harness.js";
import { waitFor } from "../helpers/wait-for.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

const NOTE = TYPE_AHEAD_NOTE;

/**
 * The App whose first turn asks to run `ls` (the answer is kept; with `later`, once the test calls
 * `ask`) and whose later turns just reply; the keys' clock and timers are the test's (`advance`
 * moves the time and runs what is due).
 */
async function asking(later = false) {
	const { clock, timer, runDue } = testClock();
	const answers: string[] = [];
	let turns = 0;
	// The question waits for `ask()` (at once unless the test says `later`).
	let ask = () => {};
	const asked = new Promise<void>((resolve) => (ask = resolve));
	if (!later) ask();
	const t = await setup({
		options: { clock: () => clock.now, timer },
		deps: {
			runTurn: (opts: RunTurnOptions) => {
				turns++;
				if (turns > 1) return fakeTurn(`reply ${turns}`)(opts);
				return fakeTurn("ran it", async () => {
					await asked;
					answers.push(await t.confirm()!({ toolName: "bash", args: { command: "ls" }, description: "bash: ls" }));
				})(opts);
			},
		},
	});
	unmount = () => act(() => t.app.unmount());
	const userTexts = () => t.store.snapshot().entries.flatMap((e) => (e.type === "message" && e.message.role === "user" ? [e.message.content] : []));
	const advance = async (ms: number) => {
		clock.now += ms;
		await act(async () => runDue());
	};
	return { ...t, clock, advance, ask: async () => act(async () => ask()), answers, userTexts };
}

describe("a tool's confirmation that appears while the user types", () => {
	it("while the user types (the question showed as they typed), keys go on to the editor: y, n, a and Enter answer nothing, Enter queues the message; after a pause a key answers", async () => {
		const t = await asking();
		await t.send("run it");
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		// The question showed within the window of the Enter that sent "run it": it says so.
		expect(t.frame()).toContain(NOTE);
		// The user types on: "say a word" and Enter, one key per read, 100 ms apart.
		for (const key of [..."say a word", "\r"]) {
			t.clock.now += 100;
			await t.press(key);
		}
		await waitFor(() => t.frame().includes("queued: say a word"), { what: "the typed message queued" });
		expect(t.answers).toEqual([]);
		expect(t.frame()).toContain(NOTE);
		expect(t.frame()).toContain("Allow bash: ls?");
		// The typing paused: the note goes and the next key answers.
		await t.advance(TYPE_AHEAD_MS);
		expect(t.frame()).not.toContain(NOTE);
		await t.press("n");
		await waitFor(() => t.answers.length === 1, { what: "an answer" });
		expect(t.answers).toEqual(["no"]);
		// The queued message is sent when the turn ends: nothing typed was lost.
		await waitFor(() => t.userTexts().includes("say a word"), { what: "the queued message sent" });
		expect(t.userTexts()).toEqual(["run it", "say a word"]);
	});

	it("a question that shows when the user is not typing takes its keys at once", async () => {
		const t = await asking(true);
		await t.send("run it");
		await t.advance(TYPE_AHEAD_MS);
		await t.ask();
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		expect(t.frame()).not.toContain(NOTE);
		await t.press("a");
		await waitFor(() => t.answers.length === 1, { what: "an answer" });
		expect(t.answers).toEqual(["always"]);
	});

	it("several characters in one read (a fast burst or a paste) are typing at any time, with the Enter that follows them", async () => {
		const t = await asking();
		await t.send("run it");
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		await t.advance(10 * TYPE_AHEAD_MS); // long after it appeared
		expect(t.frame()).not.toContain(NOTE);
		await t.press("yes do it\r");
		await waitFor(() => t.frame().includes("queued: yes do it"), { what: "the burst queued" });
		await t.press("\x1b[200~a\nb\x1b[201~");
		await t.advance(TYPE_AHEAD_MS);
		expect(t.frame()).not.toContain(NOTE);
		expect(t.answers).toEqual([]);
		await t.press("y");
		await waitFor(() => t.answers.length === 1, { what: "an answer" });
		expect(t.answers).toEqual(["yes"]);
		// The pasted text waits in the editor.
		await waitFor(() => t.frame().includes("› a"), { what: "the paste in the editor" });
	});

	it("Ctrl+C and Esc act on the question at once, even mid-typing", async () => {
		const t = await asking();
		await t.send("run it");
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		await t.press("h");
		await t.press("\x03");
		await waitFor(() => t.answers.length === 1, { what: "an answer" });
		expect(t.answers).toEqual(["no"]);
		// The typed key stayed in the editor (Ctrl+C went to the question, not to the editor).
		await waitFor(() => t.frame().includes("› h"), { what: "the typed key in the editor" });
	});
});
