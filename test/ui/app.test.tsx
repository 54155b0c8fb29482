import { readdirSync } from "node:fs";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { failOnActWarnings } from "./act-warnings.js";
import { fakeTurn, HINT, setup } from "./app-harness.js";
import { waitFor } from "../helpers/wait-for.js";
import { applyKeybindings } from "../../source/ui/input/keybindings.js";
import { TYPE_AHEAD_MS } from "../../source/ui/input/type-ahead.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe("App", () => {
	it("opens without a model: hint in the status line; sending stores nothing", async () => {
		const t = await setup({ options: { model: undefined, modelHint: "no model configured: use --model" } });
		unmount = () => act(() => t.app.unmount());
		// The first start shows how to pick a model above the editor (test/terminal/first-start.test.ts checks its lines).
		expect(t.frame().startsWith("No model yet. Pick one of these, then send your message:\n")).toBe(true);
		expect(t.frame().endsWith(`\n\n›\n${HINT} · 0 tokens · empty`)).toBe(true);
		await t.send("hi");
		await waitFor(() => t.frame().includes("no model configured: use --model"));
		expect(t.frame().endsWith(`\n\n› hi\nno model configured: use --model\n${HINT} · 0 tokens · empty`)).toBe(true);
		expect(t.store.snapshot().entries.length).toBe(0);
	});

	it("sends a prompt and prints the stored exchange", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("hi");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"), { what: "reply" });
		const leaf = t.store.snapshot().leafId!;
		expect(t.frame()).toBe(`\n› hi\n\nHello there\n\n›\ntest:m · 20/? tokens · leaf ${leaf}`);
	});

	it("unknown command shows an error, sends nothing and keeps the text", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("/frob");
		await waitFor(() => t.frame().includes("Unknown command /frob"));
		expect(t.frame()).toBe("\n› /frob\nUnknown command /frob\ntest:m · 0/? tokens · empty");
		expect(t.store.snapshot().entries.length).toBe(0);
	});

	it("/name names the session, /label labels the leaf", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("hi");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		const leaf = t.store.snapshot().leafId!;
		await t.send("/label checkpoint");
		await waitFor(() => t.frame().includes("Labelled: checkpoint"));
		expect(t.store.snapshot().getLabel(leaf)).toBe("checkpoint");
		await t.send("/name demo");
		await waitFor(() => t.frame().includes("Session named: demo"));
		expect(t.frame().split("\n").at(-1)).toMatch(/^test:m · demo · 20\/\? tokens · leaf [0-9a-f]{8}$/);
	});

	it("/model switches or reports a bad spec", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("/model nope:x");
		await waitFor(() => t.frame().includes("bad model nope:x"));
		await t.send("/model test:other");
		await waitFor(() => t.frame().endsWith("Model: test:other\ntest:other · 0/? tokens · empty"));
	});

	it("asks before a tool runs and passes the answer on", async () => {
		let answer: string | undefined;
		let now = 0;
		const t = await setup({
			options: { clock: () => now },
			deps: {
				runTurn: fakeTurn("done", async () => {
					answer = await t.confirm()!({ toolName: "bash", args: { command: "ls" }, description: "bash: ls" });
				}),
			},
		});
		unmount = () => act(() => t.app.unmount());
		await t.send("run it");
		await waitFor(() => t.frame().includes("Allow bash: ls?"), { what: "confirm prompt" });
		now += TYPE_AHEAD_MS; // a key at once would be the user's typing, not an answer (type-ahead.test.tsx)
		await t.press("a");
		await waitFor(() => answer !== undefined);
		expect(answer).toBe("always");
		await waitFor(() => t.frame().includes("done") && !t.frame().includes("Working"));
	});

	it("/fork picks a user message, switches to a new session and puts the text in the editor", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("first");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		await t.send("second");
		await waitFor(() => t.frame().match(/Hello there/g)?.length === 2 && !t.frame().includes("Working"));
		await t.send("/fork");
		await waitFor(() => t.frame().includes("Fork from a user message"));
		await t.pressFor("\r", "session_changed");
		await waitFor(() => t.frame().includes("Forked into"));
		expect(t.current.store).not.toBe(t.store);
		expect(t.current.store.snapshot().entries.length).toBe(2);
		expect(t.frame().replace(/\n(?!Forked)/g, "")).toContain(`› second\nForked into ${t.current.store.file}`);
		expect(readdirSync(t.dir).filter((f) => f.endsWith(".jsonl")).length).toBe(1);
	});

	it("/help opens and any key closes it", async () => {
		const t = await setup();
		unmount = () => act(() => t.app.unmount());
		await t.send("/help");
		await waitFor(() => t.frame().includes("key closes)"));
		await t.press("x");
		await waitFor(() => !t.frame().includes("key closes)"));
	});

	it("Esc Esc opens the tree; choosing a user message replays the path and fills the editor", async () => {
		const t = await setup({ options: { askSummary: false } });
		unmount = () => act(() => t.app.unmount());
		await t.send("first");
		await waitFor(() => t.frame().includes("Hello there") && !t.frame().includes("Working"));
		await t.send("second");
		await waitFor(() => t.frame().match(/Hello there/g)?.length === 2 && !t.frame().includes("Working"));
		await t.press("\u001b");
		await t.press("\u001b");
		await waitFor(() => t.frame().includes("← active"), { what: "tree view" });
		await t.press("\u001b[A");
		await t.press("\r");
		await waitFor(() => t.frame().includes("Navigated to selected point"), { what: "navigation" });
		const leaf = t.store.snapshot().leafId!;
		// Nothing is cleared: the replayed path is printed below the old output, under a rule.
		const replayed = `── the conversation now ──\n\n› first\n\nHello there\n\n› second\nNavigated to selected point\ntest:m · 20/? tokens · leaf ${leaf}`;
		expect(t.frame().endsWith(`Hello there\n${replayed}`)).toBe(true);
		expect(t.store.snapshot().getEntry(leaf)).toMatchObject({ type: "message", message: { role: "assistant" } });
	});
});


describe("App: key names in its messages come from the keymap", () => {
	// A prompt while a reply runs is queued (pi's follow-up); a command waits for the end with this message.
	it("a command sent while a reply runs: `Still working — Esc aborts`, or the stop key keybindings.json binds", async () => {
		for (const [bindings, want] of [[{}, "Still working — Esc aborts"], [{ "prompt.stop": "ctrl+x" }, "Still working — Ctrl+X aborts"]] as const) {
			const applied = applyKeybindings(bindings);
			if (!applied.ok) throw new Error(applied.message);
			let release!: () => void;
			const held = new Promise<void>((resolve) => (release = resolve));
			const t = await setup({ options: { keymap: applied.keymap }, deps: { runTurn: fakeTurn("Done now", () => held) } });
			unmount = () => act(() => t.app.unmount());
			await t.send("first");
			await t.send("/name second");
			await t.until(() => t.frame().includes(want), want);
			release();
			await t.until(() => t.frame().includes("Done now"), "the first reply");
			unmount();
			unmount = undefined;
		}
	});
});
