import { Box, Text } from "ink";
import React, { useMemo, useState } from "react";
import type { SessionInfo } from "../../session/listing.js";
import { oneLine } from "../../text/one-line.js";
import { terminalText } from "../../text/terminal-text.js";
import type { SessionActions } from "../actions/session-actions.js";
import type { KeyEvent } from "../input/key-event.js";
import { useKeyAction } from "../input/use-keymap.js";
import { hintLine } from "../input/keymap.js";
import { lineage } from "./session-lineage.js";
import { useTextField } from "../editor/line-field.js";
import { ListPicker } from "./list-picker.js";
import { ConfirmTrash, RenameSession } from "./session-dialogs.js";

type Props = {
	listHere(): SessionInfo[];
	listAll(): SessionInfo[];
	currentFile?: string;
	rows: number;
	actions: SessionActions;
	onOpen(session: SessionInfo): void;
	onCancel(): void;
};

type Mode =
	| { kind: "list"; notice?: { ok: boolean; text: string }; version: number; focus?: string }
	| { kind: "rename"; session: SessionInfo; version: number }
	| { kind: "trash"; session: SessionInfo; version: number };

/** A session whose last reply failed (a one-shot -p run without a key, a refused model) is marked, not hidden: it may hold work. */
const failedMark = (s: SessionInfo): string => (s.lastError === undefined ? "" : "  ✗ last reply failed");
const title = (s: SessionInfo) => oneLine(s.name ?? s.firstMessage) || "(empty)";

function ago(modified: Date, now: number): string {
	const minutes = Math.floor((now - modified.getTime()) / 60_000);
	if (minutes < 60) return `${minutes}m`;
	if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
	return `${Math.floor(minutes / 1440)}d`;
}

/** Search words must all occur in the name, first message, id or folder. */
function matchesSession(s: SessionInfo, query: string): boolean {
	const hay = `${s.name ?? ""} ${s.firstMessage} ${s.id} ${s.cwd}`.toLowerCase();
	return query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}


/**
 * /resume and -r: this folder's sessions (Tab: all folders) with forks indented under the session
 * they came from; type to search (a flat list of matches); Ctrl+R renames, Ctrl+D moves to the trash.
 */
export function SessionPicker({ listHere, listAll, currentFile, rows, actions, onOpen, onCancel }: Props) {
	const [all, setAll] = useState(false);
	const [mode, setMode] = useState<Mode>({ kind: "list", version: 0 });
	const search = useTextField("");
	// eslint-disable-next-line react-hooks/exhaustive-deps -- `version` re-lists after a rename or a move to the trash
	const sessions = useMemo(() => (all ? listAll() : listHere()), [all, listAll, listHere, mode.version]);
	const query = search.field.text;
	const shown = query.trim() ? sessions.filter((s) => matchesSession(s, query)).map((session) => ({ session, depth: 0 })) : lineage(sessions);
	// After a rename the list is read again: the renamed session keeps its place and stays selected.
	const back = (notice?: { ok: boolean; text: string }, focus?: string) => setMode({ kind: "list", notice, focus, version: mode.version + (notice?.ok ? 1 : 0) });
	const focused = mode.kind === "list" && mode.focus !== undefined ? shown.findIndex((s) => s.session.file === mode.focus) : -1;
	// eslint-disable-next-line react-hooks/purity -- ages are shown as of this render: each key re-renders and refreshes them
	const now = Date.now();
	const labels = shown.map(({ session: s, depth }) => {
		const mark = s.file === currentFile ? "*" : " ";
		const where = all ? `${s.cwd}  ` : "";
		return `${mark}${ago(s.modified, now).padStart(4)}  ${"  ".repeat(depth)}${depth ? "└ " : ""}${where}${title(s)}  (${s.entryCount})${failedMark(s)}`;
	});
	const { keymap, is } = useKeyAction();
	const onKey = (event: KeyEvent, index: number): boolean => {
		const session = shown[index]?.session;
		if (is("list.scope", event)) return setAll(!all), true;
		if (session && is("picker.rename", event)) return setMode({ kind: "rename", session, version: mode.version }), true;
		if (session && is("picker.trash", event)) return setMode({ kind: "trash", session, version: mode.version }), true;
		return false;
	};
	return (
		<Box flexDirection="column">
			<ListPicker
				key={`${all}-${mode.version}`} title={`Resume a session — ${all ? "all folders" : "this folder"}`} hint={`${hintLine(keymap, [[["list.scope"], "all folders"]])} · type to search · ${hintLine(keymap, [[["dialog.accept"], "open"], [["picker.rename"], "rename"], [["picker.trash"], "to trash"], [["dialog.cancel"], "cancel"]])}`}
				labels={labels} size={Math.max(5, rows - 9)} search={search} empty="No sessions found" initial={Math.max(0, focused)}
				onPick={(i) => shown[i] && onOpen(shown[i].session)} onCancel={onCancel} onKey={onKey} active={mode.kind === "list"}
			/>
			{mode.kind === "list" && mode.notice ? <Text color={mode.notice.ok ? undefined : "red"}>{terminalText(mode.notice.text)}</Text> : null}
			{mode.kind === "rename" ? (
				<RenameSession label={title(mode.session)} initial={mode.session.name ?? ""} onCancel={() => back()} onSave={(name) => back(name ? actions.rename(mode.session, name) : undefined, mode.session.file)} />
			) : null}
			{mode.kind === "trash" ? <ConfirmTrash label={title(mode.session)} onAnswer={(yes) => back(yes ? actions.trash(mode.session) : undefined)} /> : null}
		</Box>
	);
}
