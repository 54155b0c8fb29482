import { Box, Text } from "ink";
import React, { useState } from "react";
import type { KeyEvent } from "../input/key-event.js";
import { actionOf, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, type TextField } from "../editor/line-field.js";
import { PickList } from "./pick-list.js";

type ListPickerProps = {
	/** Shown above the rows, after a blank line (none: the rows alone, e.g. under a dialog's own title). */
	title?: string;
	/** A dim line of key hints under the title. */
	hint?: string;
	/** The rows to choose from (already filtered by the caller when there is a search). */
	labels: readonly string[];
	/** Row selected at first. */
	initial?: number;
	/** Rows shown at once. */
	size: number;
	active?: boolean;
	/** Takes every key while shown (a dialog over another screen; see useKeys), but those `passes` lets through. */
	exclusive?: boolean;
	passes?: (event: KeyEvent) => boolean;
	/** Type-to-search field: typing edits it and the selection goes back to the first row. */
	search?: TextField;
	/** Shown instead of the rows when there are none. */
	empty?: string;
	onPick(index: number): void;
	onCancel(): void;
	/** Extra keys (e.g. Tab); return true when handled. */
	onKey?(event: KeyEvent, index: number): boolean;
};

const LIST_MOVES = ["list.up", "list.down", "list.pageUp", "list.pageDown", "list.first", "list.last"] as const;

/** The one list picker: ↑↓ (wrapping), PgUp/PgDn, Home/End, Enter picks, Esc or Ctrl+C cancels. */
export function ListPicker(props: ListPickerProps) {
	const { labels, size } = props;
	const [index, setIndex] = useState(props.initial ?? 0);
	const n = labels.length;
	const selected = Math.min(Math.max(0, index), Math.max(0, n - 1));
	const moves = {
		"list.up": (selected - 1 + n) % n, "list.down": (selected + 1) % n, "list.pageUp": Math.max(0, selected - size),
		"list.pageDown": Math.min(n - 1, selected + size), "list.first": 0, "list.last": n - 1,
	};
	const { keymap, is } = useKeyAction();
	useKeys(
		(event) => {
			if (isCancel(event, keymap)) return props.onCancel();
			if (is("dialog.accept", event)) return n > 0 ? props.onPick(selected) : undefined;
			if (props.onKey?.(event, selected)) return;
			const move = actionOf(keymap, LIST_MOVES, event);
			if (move !== undefined) return n > 0 ? setIndex(moves[move]) : undefined;
			if (props.search?.edit(event)) setIndex(0);
		},
		{ isActive: props.active !== false, exclusive: props.exclusive === true, passes: props.passes },
	);
	return (
		<Box flexDirection="column" marginTop={props.title === undefined ? 0 : 1}>
			{props.title === undefined ? null : <Text bold wrap="truncate-end">{props.title}</Text>}
			{props.hint ? <Text dimColor wrap="truncate-end">{props.hint}</Text> : null}
			{props.search ? <LineField label="Search: " field={props.search.field} active={props.active !== false} /> : null}
			{n === 0 ? <Text dimColor>{props.empty ?? "Nothing to choose"}</Text> : <PickList rows={labels} selected={selected} size={size} />}
		</Box>
	);
}
