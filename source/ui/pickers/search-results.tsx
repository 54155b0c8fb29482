import { Box, Text } from "ink";
import React, { useState } from "react";
import type { SearchHit, SearchResult } from "../../search/search.js";
import { PickList } from "./pick-list.js";
import { hintLine, isPlainCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { oneLine } from "../../text/one-line.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";

type Props = {
	result: SearchResult;
	all: boolean;
	rows: number;
	/** Runs the same query again over this folder (false) or every folder (true). */
	search(all: boolean): SearchResult;
	onOpen(hit: SearchHit): void;
	onCancel(): void;
};


/** One hit on one line: the snippet with the match first (it must survive a narrow terminal), then where. */
function hitLabel(hit: SearchHit): string {
	const session = hit.sessionName ? oneLine(hit.sessionName) : hit.sessionId.slice(0, 8);
	return `${oneLine(hit.snippet)}  — ${hit.field}${hit.onActivePath ? " ●" : ""} · ${session}`;
}

/** The selected hit's fields, as `arbor search` prints them (its file goes on a line of its own). */
function hitDetails(hit: SearchHit): string {
	const session = hit.sessionName ? `${oneLine(hit.sessionName)} (${hit.sessionId.slice(0, 8)})` : hit.sessionId.slice(0, 8);
	const when = hit.timestamp ? `${hit.timestamp.slice(0, 16).replace("T", " ")} · ` : "";
	const active = hit.onActivePath ? " · ● active path" : "";
	return `${when}${session} · ${hit.entryId} · ${hit.field}${active}`;
}

/** `/search` hits, best first: ↑↓ move, Enter opens the hit in /tree, Tab this folder ↔ all, Esc back. */
export function SearchResults(props: Props) {
	const [shown, setShown] = useState({ all: props.all, result: props.result });
	const [index, setIndex] = useState(0);
	const { hits } = shown.result;
	const selected = Math.min(index, Math.max(0, hits.length - 1));
	const n = hits.length;
	const { keymap, is } = useKeyAction();
	useKeys((event) => {
		if (isPlainCancel(event, keymap)) return props.onCancel();
		if (is("dialog.accept", event)) return hits[selected] ? props.onOpen(hits[selected]) : undefined;
		if (is("list.scope", event)) {
			setIndex(0);
			return setShown({ all: !shown.all, result: props.search(!shown.all) });
		}
		if (is("list.up", event)) return setIndex((selected - 1 + n) % Math.max(1, n));
		if (is("list.down", event)) return setIndex((selected + 1) % Math.max(1, n));
	});
	const r = shown.result;
	const scope = shown.all ? "all folders" : "this folder";
	const count = `${hits.length} of ${counted(r.total, "hit")} in ${counted(r.files, "session")} (${scope})`;
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{`Search ${JSON.stringify(r.query)} — ${count}`}</Text>
			<Text dimColor wrap="truncate-end">{`${hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "open in /tree"], [["list.scope"], "this folder ↔ all folders"], [["dialog.cancel"], "back"]])} · ● on the active path`}</Text>
			{hits.length === 0 ? <Text dimColor>No matches</Text> : <PickList rows={hits.map(hitLabel)} selected={selected} size={Math.max(5, props.rows - 10)} />}
			{hits[selected] ? <Text dimColor wrap="truncate-end">{terminalText(hitDetails(hits[selected]))}</Text> : null}
			{hits[selected] ? <Text dimColor wrap="truncate-start">{terminalText(hits[selected].sessionFile)}</Text> : null}
		</Box>
	);
}
