/**
 * A fan-out's comparison in the chat (docs/fanout.md): the branches side by side (fanout-columns.ts);
 * ↑/↓ choose, Enter keeps one (fanout/keep.ts: the leaf to its end, its files restored with the
 * safety checkpoint) and the screen stays, Shift+M merges the chosen branch into the kept one
 * (use-keep-merge.ts), `d` its diff against the start, Esc leaves (without keeping, if none was kept).
 */
import * as path from "node:path";
import { Box, Text } from "ink";
import React, { useState } from "react";
import type { AgentOpenOptions } from "../../agent/agent-session.js";
import type { BranchOutcome } from "../../fanout/branch.js";
import type { FanoutResult } from "../../fanout/run-fanout.js";
import { copyPlace } from "../../checkpoints/work-copy.js";
import { treePatch } from "../../checkpoints/git.js";
import { errorMessage } from "../../text/error-text.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";
import { actionOf, isAction, isCancel, keysLabel } from "../input/keymap.js";
import { useKeys } from "../input/use-keys.js";
import { useKeymap } from "../input/use-keymap.js";
import { useServices } from "../services.js";
import { comparisonColumns, totalLine, type ColumnBranch } from "./fanout-columns.js";
import { keptText, useKeepMerge, type KeepMergeState } from "./use-keep-merge.js";
import { DiffView } from "./diff-view.js";

type Props = { result: FanoutResult; aborted: boolean; prompt: string; open: AgentOpenOptions; rows: number; cols: number };

/** The branch's diff against the fan-out's start, as lines (from the project's checkpoint store). */
async function branchDiff(open: AgentOpenOptions, branch: BranchOutcome): Promise<string[]> {
	const place = copyPlace(open.home, open.cwd, { cwd: branch.cwd, indexFile: path.join(path.dirname(branch.cwd), "index") });
	const patch = await treePatch(place, branch.startTree, branch.endTree).catch((e: unknown) => `diff failed: ${errorMessage(e)}`);
	return patch === "" ? ["(no file changed)"] : patch.trimEnd().split("\n");
}

/** The columns' tags: the kept branch and those merged into it. */
function tagged(branches: readonly BranchOutcome[], state: KeepMergeState): ColumnBranch[] {
	const kept = state.kept?.index;
	return branches.map((b) => (b.index === kept ? { ...b, tag: "kept" } : state.merged.includes(b.index) ? { ...b, tag: `merged into [${kept}]` } : b));
}

/** The comparison; see the top of this file. */
export function ComparisonView({ result, aborted, prompt, open, rows, cols }: Props) {
	const { agent, dispatch } = useServices();
	const keymap = useKeymap();
	const branches = result.branches;
	const [selected, setSelected] = useState(0);
	const [diff, setDiff] = useState<string[] | null>(null);
	const close = (text: string) => dispatch({ type: "screen-closed", status: { text, kind: "info" } });
	const { state, keep, merge, stop } = useKeepMerge(agent, branches, close);
	useKeys(
		(event) => {
			if (state.working === "merging") return void (isCancel(event, keymap) && stop());
			const move = actionOf(keymap, ["list.up", "list.down"], event);
			if (move) return setSelected((s) => (s + (move === "list.up" ? -1 : 1) + branches.length) % branches.length);
			if (isCancel(event, keymap)) return close(keptText(state) ?? `Fan-out left: ${counted(branches.length, "branch", "branches")} stay in /tree`);
			const branch = branches[selected];
			if (branch && isAction(keymap, "fanout.diff", event)) return void branchDiff(open, branch).then(setDiff);
			if (branch && isAction(keymap, "fanout.merge", event)) return void merge(branch);
			if (branch && isAction(keymap, "dialog.accept", event)) return void keep(branch);
		},
		{ isActive: diff === null && state.working !== "keeping" },
	);
	if (diff) return <DiffView lines={diff} title={`branch ${selected + 1}'s diff against the start`} rows={rows} onClose={() => setDiff(null)} />;
	const hint = (action: Parameters<typeof keysLabel>[1]) => keysLabel(keymap, action, { atMost: 1 });
	const kept = state.kept ? `[${state.kept.index}]` : undefined;
	const hints = kept
		? `(↑/↓ choose · ${hint("fanout.merge")} merge it into kept ${kept} · ${hint("fanout.diff")} diff · ${hint("dialog.cancel")} done)`
		: `(↑/↓ choose · ${hint("dialog.accept")} keep · ${hint("fanout.merge")} merge into the kept · ${hint("fanout.diff")} diff · ${hint("dialog.cancel")} leave)`;
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{terminalText(`Fan-out${aborted ? " (aborted)" : ""}: ${prompt}`)}</Text>
			{comparisonColumns(tagged(branches, state), selected, cols, Math.max(8, rows - 6)).map((line, i) => <Text key={i} wrap="truncate-end">{line || " "}</Text>)}
			<Text wrap="truncate-end">{totalLine(branches, selected, cols)}</Text>
			{state.note ? <Text wrap="truncate-end">{terminalText(state.note)}</Text> : null}
			<Text dimColor wrap="truncate-end">{hints}</Text>
		</Box>
	);
}
