/**
 * A fan-out's comparison in the chat (docs/fanout.md): the branches side by side (fanout-columns.ts);
 * ↑/↓ choose, Enter keeps one (fanout/keep.ts: the leaf to its end, its files restored with the
 * safety checkpoint), `d` its diff against the start, Esc leaves without keeping.
 */
import * as path from "node:path";
import { Box, Text } from "ink";
import React, { useState } from "react";
import type { AgentOpenOptions } from "../../agent/agent-session.js";
import type { BranchOutcome } from "../../fanout/branch.js";
import type { FanoutResult } from "../../fanout/run-fanout.js";
import { keepBranch } from "../../fanout/keep.js";
import { copyPlace, treePatch } from "../../fanout/work-copy.js";
import { errorMessage } from "../../text/error-text.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";
import { actionOf, isAction, isCancel, keysLabel } from "../input/keymap.js";
import { useKeys } from "../input/use-keys.js";
import { useKeymap } from "../input/use-keymap.js";
import { useServices } from "../services.js";
import { comparisonColumns, totalLine } from "./fanout-columns.js";
import { DiffView } from "./diff-view.js";

type Props = { result: FanoutResult; aborted: boolean; prompt: string; open: AgentOpenOptions; rows: number; cols: number };

/** The branch's diff against the fan-out's start, as lines (from the project's checkpoint store). */
async function branchDiff(open: AgentOpenOptions, branch: BranchOutcome): Promise<string[]> {
	const place = copyPlace(open.home, open.cwd, { cwd: branch.cwd, indexFile: path.join(path.dirname(branch.cwd), "index") });
	const patch = await treePatch(place, branch.startTree, branch.endTree).catch((e: unknown) => `diff failed: ${errorMessage(e)}`);
	return patch === "" ? ["(no file changed)"] : patch.trimEnd().split("\n");
}

/** The comparison; see the top of this file. */
export function ComparisonView({ result, aborted, prompt, open, rows, cols }: Props) {
	const { agent, dispatch } = useServices();
	const keymap = useKeymap();
	const branches = result.branches;
	const [selected, setSelected] = useState(0);
	const [diff, setDiff] = useState<string[] | null>(null);
	const [busy, setBusy] = useState<string | null>(null);
	const keep = async (branch: BranchOutcome) => {
		setBusy(`Keeping branch ${branch.index}…`);
		try {
			const done = await keepBranch(agent, branch);
			const files = done.restored ? `, ${counted(done.restored.changes.length, "file")} restored · /undo-restore undoes it` : "";
			dispatch({ type: "screen-closed", status: { text: `Kept branch ${branch.index} (${branch.label})${files}`, kind: "info" } });
		} catch (e) {
			setBusy(`Not kept: ${errorMessage(e)}`);
		}
	};
	useKeys(
		(event) => {
			const move = actionOf(keymap, ["list.up", "list.down"], event);
			if (move) return setSelected((s) => (s + (move === "list.up" ? -1 : 1) + branches.length) % branches.length);
			if (isCancel(event, keymap)) return dispatch({ type: "screen-closed", status: { text: `Fan-out left: ${counted(branches.length, "branch", "branches")} stay in /tree`, kind: "info" } });
			const branch = branches[selected];
			if (branch && isAction(keymap, "fanout.diff", event)) return void branchDiff(open, branch).then(setDiff);
			if (branch && isAction(keymap, "dialog.accept", event)) return void keep(branch);
		},
		{ isActive: diff === null && !busy?.startsWith("Keeping") },
	);
	if (diff) return <DiffView lines={diff} title={`branch ${selected + 1}'s diff against the start`} rows={rows} onClose={() => setDiff(null)} />;
	const hint = (action: Parameters<typeof keysLabel>[1]) => keysLabel(keymap, action, { atMost: 1 });
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{terminalText(`Fan-out${aborted ? " (aborted)" : ""}: ${prompt}`)}</Text>
			{comparisonColumns(branches, selected, cols, Math.max(8, rows - 5)).map((line, i) => <Text key={i} wrap="truncate-end">{line || " "}</Text>)}
			<Text wrap="truncate-end">{totalLine(branches, selected, cols)}</Text>
			<Text dimColor wrap="truncate-end">{busy ?? `(↑/↓ choose · ${hint("dialog.accept")} keep · ${hint("fanout.diff")} diff · ${hint("dialog.cancel")} leave, the branches stay in /tree)`}</Text>
		</Box>
	);
}
