import { act } from "react";
import { describe, expect, it } from "vitest";
import type { ExtensionHost } from "../../source/extensions/host.js";
import { TYPE_AHEAD_MS, TYPE_AHEAD_NOTE } from "../../source/ui/input/type-ahead.js";
import { testClock } from "./test-clock.js";
import { appTestHooks, setup } from "./app-harness.js";

let unmount = () => {};
appTestHooks(() => unmount());

/** The App with an extension host (no extensions) and the keys' clock and timers the test's. */
async function withHost() {
	const { clock, timer, runDue } = testClock();
	const t = await setup({ options: { clock: () => clock.now, timer } });
	// The core's extension host (no extensions loaded): its dialogs reach the chat through the core's callbacks.
	const host = t.agent.extensions;
	unmount = t.unmount;
	const advance = async (ms: number) => {
		clock.now += ms;
		await t.until(() => (runDue(), true));
	};
	/** Opens a dialog (inside act: it renders) and returns its answer to come. */
	const ask = async <T,>(open: (ui: ReturnType<ExtensionHost["context"]>["ui"]) => Promise<T>): Promise<{ answer: Promise<T> }> => {
		let answer!: Promise<T>;
		await act(async () => void (answer = open(host.context().ui)));
		return { answer };
	};
	return { ...t, host, clock, advance, ask };
}

describe("an extension's dialog in the chat", () => {
	it("shows over the chat and takes the keys: ↓ Enter chooses; the editor keeps its draft", async () => {
		const t = await withHost();
		await t.press("draft");
		const { answer: choice } = await t.ask((ui) => ui.select("Which colour?", ["red", "green"]));
		await t.until(() => t.frame().includes("Which colour?"), "the dialog");
		await t.advance(TYPE_AHEAD_MS);
		await t.press("\u001b[B");
		await t.press("\r");
		expect(await choice).toBe("green");
		await t.until(() => !t.frame().includes("Which colour?"), "closed");
		expect(t.frame()).toContain("› draft");
	});

	it("typing ahead of a dialog that appears mid-word goes on to the editor (y and Enter answer nothing); after a pause a key answers", async () => {
		const t = await withHost();
		await t.press("wri");
		let answered: boolean | undefined;
		const asked = (await t.ask((ui) => ui.confirm("Delete the build folder?"))).answer.then((yes) => (answered = yes));
		await t.until(() => t.frame().includes("Delete the build folder?"), "the dialog");
		expect(t.frame()).toContain(TYPE_AHEAD_NOTE);
		for (const key of [..."te y"]) {
			t.clock.now += 100;
			await t.press(key);
		}
		await t.until(() => t.frame().includes("› write y"), "the typing went to the editor");
		expect(answered).toBeUndefined();
		await t.advance(TYPE_AHEAD_MS);
		expect(t.frame()).not.toContain(TYPE_AHEAD_NOTE);
		await t.press("\u001b"); // Esc: cancelled, false
		await asked;
		expect(answered).toBe(false);
		expect(t.frame()).toContain("› write y");
	});
});
