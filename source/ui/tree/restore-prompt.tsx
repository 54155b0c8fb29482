import { Box, Text } from "ink";
import { RESTORE_LIMITS } from "../../checkpoints/checkpointer.js";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";
import { wrapSegs } from "../markdown/lines.js";
import { RestoreDiff } from "./restore-diff.js";
import { restoreOptions, type RestoreChange } from "./tree-flow.js";

type RestorePromptProps = {
	cursor: number;
	changes: readonly RestoreChange[];
	diff?: { path: string; text: string };
	rows: number;
	cols: number;
	active: boolean;
	onMove: (delta: number) => void;
	/** Enter on a choice (0 restore, keeping the user's own changes; 1 keep every file; 2 restore them too). */
	onChoose: (choice: number) => void;
	/** Enter on a file: its diff. */
	onShowDiff: (path: string) => void;
	onCloseDiff: () => void;
	onBack: () => void;
};

const LETTER = { changed: "M", added: "A", deleted: "D" } as const;
const WHAT = { changed: "rewritten", added: "brought back", deleted: "removed" } as const;

/**
 * `Restore files to this point?` with the dry run: the two choices, then the files (↑↓ through both;
 * Enter on a file shows its diff, which scrolls (restore-diff.tsx); Esc back). Says every time what a restore does not cover.
 */
export function RestorePrompt(props: RestorePromptProps) {
	const { keymap, is } = useKeyAction();
	const options = restoreOptions(props.changes);
	useKeys(
		(event) => {
			if (is("list.up", event)) props.onMove(-1);
			else if (is("list.down", event)) props.onMove(1);
			else if (is("dialog.accept", event)) {
				const file = props.changes[props.cursor - options.length];
				if (file) props.onShowDiff(file.path);
				else props.onChoose(props.cursor);
			} else if (isCancel(event, keymap)) props.onBack();
		},
		{ isActive: props.active && !props.diff },
	);
	if (props.diff) return <RestoreDiff {...props.diff} rows={props.rows} cols={props.cols} active={props.active} onClose={props.onCloseDiff} />;
	const note = `${RESTORE_LIMITS} A safety checkpoint is taken first (/undo-restore).`;
	const hint = hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "choose / a file's diff"], [["dialog.cancel"], "back"]]);
	const rowsOf = (text: string) => wrapSegs([{ text }], props.cols).length;
	// The question, the choices, the count, a "… N more" line, the note and the hint as they wrap, and the status line below.
	const room = Math.max(3, props.rows - (3 + options.length + rowsOf(note) + rowsOf(hint) + 1));
	const first = Math.max(0, Math.min(props.cursor - options.length - room + 1, props.changes.length - room));
	const shown = props.changes.slice(first, first + room);
	return (
		<Box flexDirection="column">
			<Text bold>Restore files to this point?</Text>
			{options.map((label, i) => (
				<Text key={label} bold={i === props.cursor} inverse={i === props.cursor}>
					{`${i === props.cursor ? "› " : "  "}${label}`}
				</Text>
			))}
			<Text>{`${counted(props.changes.length, "file")} ${props.changes.length === 1 ? "differs" : "differ"} from this point:`}</Text>
			{shown.map((c, i) => {
				const at = options.length + first + i;
				return (
					<Text key={c.path} inverse={at === props.cursor} wrap="truncate">
						{`${at === props.cursor ? "› " : "  "}${LETTER[c.status]} ${terminalText(c.path)}  (${c.mine ? "your own change, kept unless included" : WHAT[c.status]})`}
					</Text>
				);
			})}
			{props.changes.length > shown.length ? <Text dimColor>{`  … ${props.changes.length - shown.length} more`}</Text> : null}
			<Text dimColor>{note}</Text>
			<Text dimColor>{hint}</Text>
		</Box>
	);
}
