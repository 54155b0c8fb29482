import { Box, Text } from "ink";
import React, { useReducer } from "react";
import type { KeyEvent } from "../input/key-event.js";
import { useKeymap } from "../input/use-keymap.js";
import { fieldAction } from "./editor-field.js";
import { editorReducer, emptyEditor, type EditorState } from "./editor-state.js";

export type TextField = {
	field: EditorState;
	/** Applies an editing key; false when the key is not an edit (the caller handles it). */
	edit(event: KeyEvent): boolean;
	/** Replaces the text (cursor at the end). */
	set(text: string): void;
};

/**
 * A text field's state: the editor reducer without history, so every field moves and deletes by
 * grapheme cluster exactly like the prompt editor. `onChange` gets the text after each edit.
 */
export function useTextField(initial: string, opts: { multiline?: boolean; onChange?: (text: string) => void } = {}): TextField {
	const [field, dispatch] = useReducer(editorReducer, initial, (text) => editorReducer(emptyEditor(), { type: "text-replaced", text }));
	const keymap = useKeymap();
	return {
		field,
		edit(event) {
			const action = fieldAction(event, { ...opts, keymap });
			if (!action) return false;
			const next = editorReducer(field, action);
			dispatch(action);
			if (next.text !== field.text) opts.onChange?.(next.text);
			return true;
		},
		set(text) {
			dispatch({ type: "text-replaced", text });
			opts.onChange?.(text);
		},
	};
}

type Props = {
	/** Printed before the first line (and, with `everyLine`, before each line). */
	label: string;
	field: EditorState;
	active: boolean;
	suffix?: string;
	everyLine?: boolean;
};

/** The field's text with a `▏` bar cursor (visible without colours), `suffix` after the last line. */
export function LineField({ label, field, active, suffix = "", everyLine = false }: Props) {
	const { text, cursor } = field;
	const marked = active ? `${text.slice(0, cursor)}▏${text.slice(cursor)}` : text;
	const lines = marked.split("\n");
	return (
		<Box flexDirection="column">
			{lines.map((line, i) => (
				<Text key={i} wrap="truncate-end">
					{`${i === 0 || everyLine ? label : " ".repeat(label.length)}${line.replace(/\t/g, "  ")}${i === lines.length - 1 ? suffix : ""}`}
				</Text>
			))}
		</Box>
	);
}
