import { Box, Text } from "ink";
import React, { useState } from "react";
import { isCancel, isEnter, type KeyEvent } from "../input/key-event.js";
import { useKeys } from "../input/use-keys.js";
import { LineField, type TextField } from "../editor/line-field.js";
import { PickList } from "./pick-list.js";

export type ListPickerProps = {
	title: string;
	/** A dim line of key hints under the title. */
	hint?: string;
	/** The rows to choose from (already filtered by the caller when there is a search). */
	labels: readonly string[];
	/** Row selected at first. */
	initial?: number;
	/** Rows shown at once. */
	size: number;
	active?: boolean;
	/** Type-to-search field: typing edits it and the selection goes back to the first row. */
	search?: TextField;
	/** Shown instead of the rows when there are none. */
	empty?: string;
	onPick(index: number): void;
	onCancel(): void;
	/** Extra keys (e.g. Tab); return true when handled. */
	onKey?(event: KeyEvent, index: number): boolean;
};

/** The one list picker: ↑↓ (wrapping), PgUp/PgDn, Home/End, Enter picks, Esc or Ctrl+C cancels. */
export function ListPicker(props: ListPickerProps) {
	const { labels, size } = props;
	const [index, setIndex] = useState(props.initial ?? 0);
	const n = labels.length;
	const selected = Math.min(Math.max(0, index), Math.max(0, n - 1));
	const moves: Record<string, number> = { up: (selected - 1 + n) % n, down: (selected + 1) % n, pageup: Math.max(0, selected - size), pagedown: Math.min(n - 1, selected + size), home: 0, end: n - 1 };
	useKeys(
		(event) => {
			if (isCancel(event)) return props.onCancel();
			if (isEnter(event)) return n > 0 ? props.onPick(selected) : undefined;
			if (props.onKey?.(event, selected)) return;
			const move = event.kind === "key" && !event.ctrl && !event.alt ? moves[event.name] : undefined;
			if (move !== undefined) return n > 0 ? setIndex(move) : undefined;
			if (props.search?.edit(event)) setIndex(0);
		},
		{ isActive: props.active !== false },
	);
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{props.title}</Text>
			{props.hint ? <Text dimColor wrap="truncate-end">{props.hint}</Text> : null}
			{props.search ? <LineField label="Search: " field={props.search.field} active={props.active !== false} /> : null}
			{n === 0 ? <Text dimColor>{props.empty ?? "Nothing to choose"}</Text> : <PickList rows={labels} selected={selected} size={size} />}
		</Box>
	);
}
