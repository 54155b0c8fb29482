import { useMemo, type Dispatch } from "react";
import { Box, Text } from "ink";
import type { TreeRowsModel } from "./use-tree-rows.js";
import { treeHint, treeHintLines, useTreeKeys, type TreeKeyIntent } from "./use-tree-keys.js";
import { useKeymap } from "../input/use-keymap.js";
import { centredWindow } from "../widgets/list-window.js";
import { branchPointFrom, type TreeAction, type TreeState } from "./tree-state.js";
import { LabelEditor } from "./label-editor.js";
import { TreeRowLine } from "./tree-row-line.js";

/** The hint line with the default keys (the screen shows the keymap in force). */
export const TREE_HINT = treeHint();

/** Tree rows shown at once: half the terminal, at least 5 (tree-view.md "Opening"). */
export function treeWindowSize(termRows: number): number {
	return Math.max(5, Math.floor(termRows / 2));
}

type TreeSelectorProps = {
	model: TreeRowsModel;
	state: TreeState;
	dispatch: Dispatch<TreeAction>;
	termRows: number;
	cols: number;
	active: boolean;
	notice?: string;
	error?: string;
	onChoose: (id: string) => void;
	onClose: () => void;
	onLabel: (id: string, label: string | undefined) => void;
	/** Shift+C on the selected entry. */
	onMark?: (id: string) => void;
	/** Shift+M on the selected entry. */
	onMerge?: (id: string) => void;
	/** Shift+X on the selected entry. */
	onForget?: (id: string) => void;
};

function onTreeIntent(intent: TreeKeyIntent, p: TreeSelectorProps): void {
	const { rows, indexOf, current } = p.model;
	const at = { rows, indexOf, current };
	const row = rows[current];
	switch (intent.type) {
		case "up": return p.dispatch({ type: "moved-up", ...at });
		case "down": return p.dispatch({ type: "moved-down", ...at });
		case "page-up": return p.dispatch({ type: "paged", delta: -treeWindowSize(p.termRows), ...at });
		case "page-down": return p.dispatch({ type: "paged", delta: treeWindowSize(p.termRows), ...at });
		case "home": return p.dispatch({ type: "went-home", ...at });
		case "end": return p.dispatch({ type: "went-end", ...at });
		case "fold":
		case "unfold": return foldOrJump(intent.type, p);
		case "select": return row ? p.onChoose(row.id) : undefined;
		case "escape": return p.state.search ? p.dispatch({ type: "search-cleared", ...(row ? { shownId: row.id } : {}) }) : p.onClose();
		case "close": return p.onClose();
		case "filter": return p.dispatch({ type: "filter-toggled", filter: intent.filter });
		case "label-edit": return row ? p.dispatch({ type: "label-edit-started", id: row.id, text: row.label ?? "" }) : undefined;
		case "label-times": return p.dispatch({ type: "label-times-toggled" });
		case "mark": return row ? p.onMark?.(row.id) : undefined;
		case "merge": return row ? p.onMerge?.(row.id) : undefined;
		case "forget": return row ? p.onForget?.(row.id) : undefined;
		case "erase": return p.dispatch({ type: "search-erased" });
		case "type": return p.dispatch({ type: "search-typed", text: intent.text });
		case "ignore": return;
		default: {
			const never: never = intent;
			return never;
		}
	}
}

/** Ctrl/Alt+←: fold an open branch, else jump to the previous branch point; Ctrl/Alt+→ mirrors it. */
function foldOrJump(kind: "fold" | "unfold", p: TreeSelectorProps): void {
	const row = p.model.rows[p.model.current];
	if (!row) return;
	if (kind === "fold" && row.foldable && !row.folded) return p.dispatch({ type: "folded", id: row.id });
	if (kind === "unfold" && row.folded) return p.dispatch({ type: "unfolded", id: row.id });
	const target = branchPointFrom(p.model.rows, p.model.current, kind === "fold" ? -1 : 1);
	if (target) p.dispatch({ type: "branch-jumped", id: target.id });
}

function saveLabel(text: string, p: TreeSelectorProps): void {
	const edit = p.state.labelEdit;
	if (!edit) return;
	const label = text.trim();
	p.dispatch({ type: "label-edit-closed" });
	p.onLabel(edit.id, label === "" ? undefined : label);
}

/** The /tree selector: title, hints, search (or label editor), a centred window of rows, status. */
export function TreeSelector(props: TreeSelectorProps) {
	const { rows, current } = props.model;
	const edit = props.state.labelEdit;
	useTreeKeys({ active: props.active && !edit, onIntent: (intent) => onTreeIntent(intent, props) });
	const keymap = useKeymap();
	// Measured once per keymap and width, not on every move (it was ~2 ms a key: bench-transcript.mjs).
	const hint = useMemo(() => treeHintLines(keymap, props.cols), [keymap, props.cols]);
	const size = treeWindowSize(props.termRows);
	const { start, end } = centredWindow(rows.length, current, size);
	const search = props.state.search ? `Search: ${props.state.search}` : "Type to search";
	return (
		<Box flexDirection="column">
			<Text bold>Session tree</Text>
			{hint.map((line, i) => <Text key={i} dimColor wrap="truncate-end">{line}</Text>)}
			{edit ? (
				<LabelEditor key={edit.id} initial={edit.text} active={props.active} onSave={(text) => saveLabel(text, props)} onCancel={() => props.dispatch({ type: "label-edit-closed" })} />
			) : (
				<Text wrap="truncate-end">{search}</Text>
			)}
			{rows.length === 0 ? <Text>  No entries found</Text> : null}
			{rows.slice(start, end).map((row, i) => (
				<TreeRowLine key={row.id} row={row} width={props.cols} selected={start + i === current} labelTimes={props.state.labelTimes === true} author={props.model.authors[row.id]} />
			))}
			<Text>{`(${current + 1}/${rows.length}) [${props.state.filter}]`}</Text>
			{props.notice ? <Text>{props.notice}</Text> : null}
			{props.error ? <Text color="red">{props.error}</Text> : null}
		</Box>
	);
}
