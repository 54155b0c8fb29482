/**
 * The chat's fan-out run (docs/fanout.md): fanout/'s runFanout with the chat's open AgentSession
 * as the trunk (its store is the one writer), one live line per branch from the branch events,
 * an abort for Esc. The result is the comparison the screen shows.
 */
import { useEffect, useRef, useState } from "react";
import type { AgentOpenOptions, AgentSession } from "../../agent/agent-session.js";
import type { BranchEvent, BranchOutcome } from "../../fanout/branch.js";
import type { FanoutResult } from "../../fanout/run-fanout.js";
import { errorMessage } from "../../text/error-text.js";
import type { FanoutArgs } from "./fanout-args.js";

/** A branch while it runs: its model, its last tool, its end once it has one. */
export type BranchLine = { index: number; model: string; tool?: string; tools: number; outcome?: BranchOutcome };

export type FanoutRun =
	| { phase: "running"; lines: BranchLine[]; aborting: boolean }
	| { phase: "done"; result: FanoutResult; aborted: boolean }
	| { phase: "failed"; message: string };

/** The line list after one branch event. */
export function lineAfter(lines: readonly BranchLine[], event: BranchEvent): BranchLine[] {
	const index = event.type === "branch_end" ? event.outcome.index : event.index;
	const old = lines.find((l) => l.index === index) ?? { index, model: "", tools: 0 };
	const next: BranchLine =
		event.type === "branch_start" ? { ...old, model: event.model }
		: event.type === "branch_tool" ? { ...old, tool: event.toolName, tools: old.tools + 1 }
		: { ...old, model: event.outcome.model, outcome: event.outcome };
	return [...lines.filter((l) => l.index !== index), next].sort((a, b) => a.index - b.index);
}

/** Starts the fan-out once, on mount; `abort()` ends the running branches (what they wrote stays). */
export function useFanout(agent: AgentSession, open: AgentOpenOptions, args: FanoutArgs): { run: FanoutRun; abort(): void } {
	const count = args.models?.length || args.count || 1;
	const [run, setRun] = useState<FanoutRun>(() => ({ phase: "running", aborting: false, lines: Array.from({ length: count }, (_, k) => ({ index: k + 1, model: args.models?.[k] ?? "", tools: 0 })) }));
	const controller = useRef(new AbortController());
	useEffect(() => {
		let live = true;
		const signal = controller.current.signal;
		const onEvent = (event: BranchEvent) => live && setRun((r) => (r.phase === "running" ? { ...r, lines: lineAfter(r.lines, event) } : r));
		const base: AgentOpenOptions = { ...open, model: agent.model?.spec ?? open.model };
		// Loaded on the first /fanout, not at start-up (the sandbox probe and the branches' set-up).
		const request = { open: base, trunk: agent, count: args.models?.length ? undefined : args.count, models: args.models, check: args.check, prompt: args.prompt, signal, onEvent };
		import("../../fanout/run-fanout.js")
			.then(({ runFanout }) => runFanout(request))
			.then(
				({ result }) => live && setRun({ phase: "done", result, aborted: signal.aborted }),
				(error: unknown) => live && setRun({ phase: "failed", message: errorMessage(error) }),
			);
		return () => {
			live = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- one fan-out per screen
	}, []);
	const abort = () => {
		controller.current.abort();
		setRun((r) => (r.phase === "running" ? { ...r, aborting: true } : r));
	};
	return { run, abort };
}
