import React, { useMemo, useState } from "react";
import type { SessionInfo } from "../../session/index.js";
import { useTextField } from "./line-field.js";
import { ListPicker } from "./list-picker.js";

type Props = {
	listHere(): SessionInfo[];
	listAll(): SessionInfo[];
	currentFile?: string;
	rows: number;
	onOpen(session: SessionInfo): void;
	onCancel(): void;
};

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function ago(modified: Date, now: number): string {
	const minutes = Math.floor((now - modified.getTime()) / 60_000);
	if (minutes < 60) return `${minutes}m`;
	if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
	return `${Math.floor(minutes / 1440)}d`;
}

/** Search words must all occur in the name, first message, id or folder. */
export function matchesSession(s: SessionInfo, query: string): boolean {
	const hay = `${s.name ?? ""} ${s.firstMessage} ${s.id} ${s.cwd}`.toLowerCase();
	return query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}

/** /resume and -r: this folder's sessions (Tab: all folders), type to search, Enter opens. */
export function SessionPicker({ listHere, listAll, currentFile, rows, onOpen, onCancel }: Props) {
	const [all, setAll] = useState(false);
	const search = useTextField("");
	const sessions = useMemo(() => (all ? listAll() : listHere()), [all, listAll, listHere]);
	const shown = sessions.filter((s) => matchesSession(s, search.field.text));
	const now = Date.now();
	const labels = shown.map((s) => {
		const mark = s.file === currentFile ? "*" : " ";
		const where = all ? `${s.cwd}  ` : "";
		return `${mark}${ago(s.modified, now).padStart(4)}  ${where}${oneLine(s.name ?? s.firstMessage) || "(empty)"}  (${s.entryCount})`;
	});
	return (
		<ListPicker
			key={String(all)}
			title={`Resume a session — ${all ? "all folders" : "this folder"} (Tab toggles, type to search, Enter opens, Esc cancels)`}
			labels={labels}
			size={Math.max(5, rows - 8)}
			search={search}
			empty="No sessions found"
			onPick={(i) => onOpen(shown[i]!)}
			onCancel={onCancel}
			onKey={(event) => (event.kind === "key" && event.name === "tab" && !event.shift ? (setAll(!all), true) : false)}
		/>
	);
}
