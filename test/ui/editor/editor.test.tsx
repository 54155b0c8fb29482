import { render } from "ink-testing-library";
import React, { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { failOnActWarnings } from "../act-warnings.js";
import { Editor } from "../../../source/ui/editor/editor.js";
import type { EditorProps } from "../../../source/ui/editor/editor-props.js";
import { NO_EDITOR } from "../../../source/ui/terminal/external-editor.js";
import { KeyInputProvider } from "../../../source/ui/input/use-keys.js";
import { applyKeybindings } from "../../../source/ui/input/keybindings.js";
import { DEFAULT_KEYMAP, type Keymap } from "../../../source/ui/input/keymap.js";
import { KeymapProvider } from "../../../source/ui/input/use-keymap.js";
import { waitFor } from "../../helpers/wait-for.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

const ESC = "\u001b";
const UP = "\u001b[A";
const DOWN = "\u001b[B";

function setup(over: Partial<EditorProps> = {}, keymap: Keymap = DEFAULT_KEYMAP) {
	const calls: string[] = [];
	let now = 10_000;
	const props: EditorProps = {
		active: true,
		busy: false,
		onSubmit: (t) => (calls.push(`submit:${t}`), true),
		onAbort: () => calls.push("abort"),
		onOpenTree: () => calls.push("tree"),
		onQuit: () => calls.push("quit"),
		onHint: (t) => calls.push(`hint:${t}`),
		request: null,
		width: 100,
		clock: () => now,
		...over,
	};
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(<KeyInputProvider><KeymapProvider keymap={keymap}><Editor {...props} /></KeymapProvider></KeyInputProvider>);
	});
	const press = async (data: string) => {
		await act(async () => {
			app.stdin.write(data);
		});
	};
	const frame = () => app.lastFrame() ?? "";
	const advance = (ms: number) => (now += ms);
	return { app, calls, press, frame, advance, props };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe("Editor", () => {
	it("types text with a block cursor and Enter submits", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("hello");
		await waitFor(() => e.frame() === "\n› hello");
		await e.press("\r");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["submit:hello"]);
		expect(e.frame()).toBe("\n›");
	});

	it("Ctrl+J inserts a newline instead of sending", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("a");
		await e.press("\n");
		await e.press("b");
		await waitFor(() => e.frame() === "\n› a\n  b");
		expect(e.calls).toEqual([]);
	});

	it("a bracketed paste is inserted literally and never sent, even when its markers are split", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u001b[200~line one\rline two\r\nthree\r");
		await e.press("\u001b[20");
		await e.press("1~");
		await waitFor(() => e.frame() === "\n› line one\n  line two\n  three\n");
		expect(e.calls).toEqual([]);
	});

	it("text and Enter in one read send the text, without a newline", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("fast typed line\r");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["submit:fast typed line"]);
		await e.press("/new\r");
		await waitFor(() => e.calls.length === 2);
		expect(e.calls[1]).toBe("submit:/new");
	});

	it("several Backspaces in one read each delete a whole grapheme", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("ab😀漢👍🏽");
		await e.press("\x7f\x7f\x7f");
		await waitFor(() => e.frame() === "\n› ab");
		await e.press("\r");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["submit:ab"]);
	});

	it("Shift+Enter in modifyOtherKeys and kitty form inserts a newline; unknown sequences are dropped", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("a\u001b[27;2;13~b\u001b[13;2uc\u001b[99;9Xd\u001b[24~");
		await waitFor(() => e.frame() === "\n› a\n  b\n  cd");
		expect(e.calls).toEqual([]);
	});

	it("Ctrl+G without $VISUAL/$EDITOR says how to set one", async () => {
		const e = setup({ env: {} });
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u0007");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual([`hint:${NO_EDITOR}`]);
	});

	it("rebound (Ctrl+X), the hint names the key keybindings.json gives", async () => {
		const applied = applyKeybindings({ "prompt.externalEditor": "ctrl+x" });
		if (!applied.ok) throw new Error(applied.message);
		const e = setup({ env: {} }, applied.keymap);
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u0018");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["hint:Ctrl+X: set $VISUAL or $EDITOR to edit the draft in an editor"]);
	});

	it("↑ on an empty editor recalls earlier prompts, ↓ returns", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		for (const p of ["first", "second"]) {
			await e.press(p);
			await waitFor(() => e.frame().includes(p));
			await e.press("\r");
			await waitFor(() => e.frame() === "\n›");
		}
		await e.press(UP);
		await waitFor(() => e.frame() === "\n› second");
		await e.press(UP);
		await waitFor(() => e.frame() === "\n› first");
		await e.press(DOWN);
		await e.press(DOWN);
		await waitFor(() => e.frame() === "\n›");
	});

	it("Ctrl+C clears, a second Ctrl+C within 1.5 s quits", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("draft");
		await waitFor(() => e.frame() === "\n› draft");
		await e.press("\u0003");
		await waitFor(() => e.frame() === "\n›");
		e.advance(1000);
		await e.press("\u0003");
		await waitFor(() => e.calls.includes("quit"));
		expect(e.calls).toEqual(["hint:Press Ctrl+C again to quit", "quit"]);
	});

	it("the hint names the clear key keybindings.json binds (Ctrl+X here)", async () => {
		const applied = applyKeybindings({ "prompt.clear": "ctrl+x" });
		if (!applied.ok) throw new Error(applied.message);
		const e = setup({}, applied.keymap);
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u0018");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["hint:Press Ctrl+X again to quit"]);
	});

	it("two Ctrl+C read as one chunk still quit", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u0003\u0003");
		await waitFor(() => e.calls.includes("quit"));
		expect(e.calls).toEqual(["hint:Press Ctrl+C again to quit", "quit"]);
	});

	it("Ctrl+C twice but too slowly does not quit", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("\u0003");
		e.advance(2000);
		await e.press("\u0003");
		await waitFor(() => e.calls.length === 2);
		expect(e.calls).toEqual(["hint:Press Ctrl+C again to quit", "hint:Press Ctrl+C again to quit"]);
	});

	it("Ctrl+D quits only on an empty editor", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("x");
		await waitFor(() => e.frame() === "\n› x");
		await e.press("\u0004");
		expect(e.calls).toEqual([]);
		await e.press("\u007f");
		await waitFor(() => e.frame() === "\n›");
		await e.press("\u0004");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["quit"]);
	});

	it("Ctrl+U / Ctrl+O never type letters", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("ab");
		await e.press("\u000f");
		await waitFor(() => e.frame() === "\n› ab");
		await e.press("\u0015");
		await waitFor(() => e.frame() === "\n›");
	});

	it("Esc Esc on an empty editor opens the tree; Esc while busy aborts", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press(ESC);
		e.advance(100);
		await e.press(ESC);
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["tree"]);
		const b = setup({ busy: true });
		await b.press(ESC);
		await waitFor(() => b.calls.length === 1);
		expect(b.calls).toEqual(["abort"]);
		act(() => b.app.unmount());
	});

	it("typing / shows completions; Tab completes the selected one", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("/n");
		await waitFor(() => e.frame().includes("/new"));
		expect(e.frame()).toBe(
			"\n› /n\n› /name <text> name this session\n  /new         start a new session in this directory",
		);
		await e.press(DOWN);
		await e.press("\t");
		await waitFor(() => e.frame() === "\n› /new\n› /new start a new session in this directory");
	});

	it("Enter on a completion without arguments runs it", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		await e.press("/he");
		await waitFor(() => e.frame().includes("/help"));
		await e.press("\r");
		await waitFor(() => e.calls.length === 1);
		expect(e.calls).toEqual(["submit:/help"]);
	});

	it("a text request replaces the editor text", async () => {
		const e = setup();
		cleanup = () => act(() => e.app.unmount());
		act(() => e.app.rerender(<KeyInputProvider><Editor {...e.props} request={{ text: "from tree", seq: 1 }} /></KeyInputProvider>));
		await waitFor(() => e.frame() === "\n› from tree");
	});
});
