import { stripControls } from "../../text/terminal-text.js";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, useTextField } from "../editor/line-field.js";

/** Shift+L in /tree: a one-line field prefilled with the label; Enter saves (empty removes), Esc cancels. */
export function LabelEditor(props: { initial: string; active: boolean; onSave(text: string): void; onCancel(): void }) {
	// The label comes from the file: edit it as typed text, without control codes.
	const input = useTextField(stripControls(props.initial, { singleLine: true }));
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return props.onCancel();
			if (is("dialog.accept", event)) return props.onSave(input.field.text);
			input.edit(event);
		},
		{ isActive: props.active },
	);
	return <LineField label="Label: " field={input.field} active suffix={` (${hintLine(keymap, [[["dialog.accept"], "save · empty removes"], [["dialog.cancel"], "cancel"]])})`} />;
}
