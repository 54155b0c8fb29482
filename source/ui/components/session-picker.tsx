import { Box, Text, useInput } from "ink";
import React, { useMemo, useState } from "react";
import type { SessionInfo } from "../../session/index.js";
import { PickList } from "./pick-list.js";

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
	const [query, setQuery] = useState("");
	const [index, setIndex] = useState(0);
	const sessions = useMemo(() => (all ? listAll() : listHere()), [all, listAll, listHere]);
	const shown = sessions.filter((s) => matchesSession(s, query));
	const selected = Math.min(index, Math.max(0, shown.length - 1));
	useInput((input, key) => {
		if (key.escape || (key.ctrl && input === "c")) return onCancel();
		if (key.return) return shown[selected] ? onOpen(shown[selected]) : undefined;
		if (key.tab) return (setAll(!all), setIndex(0));
		if (key.upArrow) return setIndex((selected - 1 + shown.length) % Math.max(1, shown.length));
		if (key.downArrow) return setIndex((selected + 1) % Math.max(1, shown.length));
		if (key.backspace || key.delete) return (setQuery(query.slice(0, -1)), setIndex(0));
		if (!key.ctrl && !key.meta && input >= " ") return (setQuery(query + input), setIndex(0));
	});
	const now = Date.now();
	const labels = shown.map((s) => {
		const mark = s.file === currentFile ? "*" : " ";
		const where = all ? `${s.cwd}  ` : "";
		return `${mark}${ago(s.modified, now).padStart(4)}  ${where}${oneLine(s.name ?? s.firstMessage) || "(empty)"}  (${s.entryCount})`;
	});
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold>{`Resume a session — ${all ? "all folders" : "this folder"} (Tab toggles, type to search, Enter opens, Esc cancels)`}</Text>
			<Text>{`Search: ${query}`}</Text>
			{shown.length === 0 ? <Text dimColor>No sessions found</Text> : <PickList rows={labels} selected={selected} size={Math.max(5, rows - 8)} />}
		</Box>
	);
}
