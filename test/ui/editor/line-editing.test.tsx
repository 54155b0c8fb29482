import { afterEach, describe, expect, it } from "vitest";
import { createKeyParser } from "../../../source/ui/input/parse-keys.js";
import { editorIntent } from "../../../source/ui/editor/editor-keys.js";
import { fieldAction } from "../../../source/ui/editor/editor-field.js";
import { editorReducer, emptyEditor, type EditorState } from "../../../source/ui/editor/editor-state.js";
import { LabelEditor } from "../../../source/ui/tree/label-editor.js";
import { mount } from "../tree/tree-test-session.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The line-editing keys as terminals send them. */
const READS: Record<string, string> = {
	"←": "\x1b[D", "→": "\x1b[C", "Ctrl+←": "\x1b[1;5D", "Ctrl+→": "\x1b[1;5C", "Alt+←": "\x1b[1;3D", "Alt+→": "\x1b[1;3C",
	"Alt+B": "\x1bb", "Alt+F": "\x1bf", Home: "\x1b[H", End: "\x1b[F", "Ctrl+A": "\x01", "Ctrl+E": "\x05", "Ctrl+U": "\x15",
	Backspace: "\x7f", Delete: "\x1b[3~",
};

const start: EditorState = editorReducer(emptyEditor(), { type: "text-replaced", text: "one two three" });
const at = (cursor: number): EditorState => ({ ...start, cursor });
const oneKey = (read: string) => {
	const [event, ...rest] = createKeyParser().push(read);
	expect(rest).toEqual([]);
	return event!;
};

/** The state after `read` in the prompt editor, or undefined when the key edits nothing. */
function inPrompt(state: EditorState, read: string): EditorState | undefined {
	const intent = editorIntent(oneKey(read), false);
	return intent.type === "edit" ? editorReducer(state, intent.action) : undefined;
}

function inField(state: EditorState, read: string): EditorState | undefined {
	const action = fieldAction(oneKey(read));
	return action ? editorReducer(state, action) : undefined;
}

let cleanups: (() => void)[] = [];
afterEach(() => {
	for (const c of cleanups.reverse()) c();
	cleanups = [];
});

describe("one line-editing map for the prompt and every field", () => {
	for (const [name, read] of Object.entries(READS)) {
		it(`${name} edits a field as it edits the prompt`, () => {
			const prompt = inPrompt(at(5), read);
			expect(prompt, name).toBeDefined();
			expect(inField(at(5), read)).toEqual(prompt);
		});
	}

	it("Alt+B / Alt+F move by word in a field", () => {
		expect(inField(at(13), READS["Alt+B"]!)?.cursor).toBe(8);
		expect(inField(at(0), READS["Alt+F"]!)?.cursor).toBe(3);
	});

	it("the tree's label editor moves by word with Alt+B", async () => {
		const saved: string[] = [];
		const t = mount(<LabelEditor initial="hello world" active onSave={(text) => saved.push(text)} onCancel={() => {}} />);
		cleanups.push(t.unmount);
		await t.until("Label: hello world▏");
		await t.press(READS["Alt+B"]!);
		await t.until("Label: hello ▏world");
		await t.press("X");
		await t.until("Label: hello X▏world");
		await t.press("\r");
		expect(saved).toEqual(["hello Xworld"]);
	});
});
