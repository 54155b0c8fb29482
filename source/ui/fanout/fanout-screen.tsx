/**
 * `/fanout`'s screen (docs/fanout.md): one live line per branch while they run (Esc aborts the
 * running ones; what they wrote stays), then their comparison (comparison-view.tsx).
 */
import { Box, Text } from "ink";
import React from "react";
import type { AgentOpenOptions } from "../../agent/agent-session.js";
import { terminalText } from "../../text/terminal-text.js";
import { counted } from "../../text/count.js";
import { isAction, isCancel, keysLabel } from "../input/keymap.js";
import { useKeys } from "../input/use-keys.js";
import { useKeymap } from "../input/use-keymap.js";
import { useServices } from "../services.js";
import type { FanoutArgs } from "./fanout-args.js";
import { ComparisonView } from "./comparison-view.js";
import { useFanout, type BranchLine } from "./use-fanout.js";

export type FanoutScreenProps = { args: FanoutArgs; open: AgentOpenOptions; rows: number; cols: number };

/** One branch's live line: `[2] model · bash (3 tool calls)` or its end. */
export function branchLine(line: BranchLine): string {
	const o = line.outcome;
	const what = o ? `${o.status}${o.error ? `: ${o.error}` : ""}` : line.tool ? `${line.tool} (${counted(line.tools, "tool call")})` : "starting";
	return `[${line.index}] ${line.model || "…"} · ${what}`;
}

/** The screen; see the top of this file. */
export function FanoutScreen({ args, open, rows, cols }: FanoutScreenProps) {
	const { agent, dispatch } = useServices();
	const { run, abort } = useFanout(agent, open, args);
	const keymap = useKeymap();
	const failed = run.phase === "failed" ? run.message : undefined;
	useKeys(
		(event) => {
			if (run.phase === "running" && isCancel(event, keymap)) abort();
			if (failed && (isCancel(event, keymap) || isAction(keymap, "dialog.accept", event))) dispatch({ type: "screen-closed", status: { text: `Fan-out failed: ${failed}`, kind: "error" } });
		},
		{ isActive: run.phase !== "done" },
	);
	if (run.phase === "done") return <ComparisonView result={run.result} aborted={run.aborted} prompt={args.prompt} open={open} rows={rows} cols={cols} />;
	if (failed) return <Box marginTop={1}><Text color="red" wrap="wrap">{`Fan-out failed: ${failed}`}</Text></Box>;
	if (run.phase !== "running") return null;
	return (
		<Box flexDirection="column" marginTop={1}>
			<Text bold wrap="truncate-end">{terminalText(`Fan-out: ${counted(run.lines.length, "branch", "branches")} · ${args.prompt}`)}</Text>
			{run.lines.map((line) => <Text key={line.index} wrap="truncate-end">{terminalText(branchLine(line))}</Text>)}
			<Text dimColor wrap="truncate-end">{run.aborting ? "Aborting the running branches…" : `(${keysLabel(keymap, "dialog.cancel", { atMost: 1 })} aborts the running branches; what they wrote stays)`}</Text>
		</Box>
	);
}
