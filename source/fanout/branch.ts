/**
 * One fan-out branch (docs/fanout.md): its own AgentSession over a branch handle of the session's
 * store (SessionStore.branchAt: the one writer), its tools in its own copy of the project, then the
 * check, the label `fanout <k>/<N> · <model>`, and what the comparison shows. A failure is the
 * branch's outcome, never thrown.
 */
import { AgentSession, type AgentEvent, type AgentOpenOptions } from "../agent/agent-session.js";
import type { SessionStore } from "../session/store.js";
import type { SessionEntry } from "../session/types.js";
import { checkpointOf } from "../checkpoints/records.js";
import type { CommandWrapper } from "../tools/bash.js";
import { errorMessage } from "../text/error-text.js";
import { runCheck, type CheckResult } from "./check.js";
import { copyPlace, type WorkCopy } from "../checkpoints/work-copy.js";
import { treeNumstat, type FileStat } from "./work-copy.js";

/** What a branch ended with: the comparison's row. */
export type BranchOutcome = {
	index: number;
	label: string;
	model: string;
	status: "done" | "failed" | "aborted";
	error?: string;
	/** The branch's first entry (the prompt) and its end (the leaf `--keep` moves to). */
	firstEntryId?: string;
	endId: string | null;
	answer: string;
	files: FileStat[];
	/** Whether the branch recorded a file state of its own (a restore of its end then has one). */
	hasFiles: boolean;
	check?: CheckResult;
	tokens: { input: number; output: number };
	cost: number;
	ms: number;
	/** The copy it worked in. */
	cwd: string;
	startTree: string;
	endTree: string;
};

/** A branch's progress, for RPC, ACP and the chat's screen. */
export type BranchEvent =
	| { type: "branch_start"; index: number; model: string; cwd: string }
	| { type: "branch_tool"; index: number; toolName: string; args: unknown }
	| { type: "branch_end"; outcome: BranchOutcome };

/** What a branch needs. */
type BranchRun = {
	index: number;
	count: number;
	trunk: SessionStore;
	entryId: string | null;
	copy: WorkCopy;
	/** The open options shared by every branch (flags, home, settings); cwd and the store are the branch's. */
	base: AgentOpenOptions;
	model: string | undefined;
	prompt: string;
	check?: string;
	wrap?: CommandWrapper;
	signal: AbortSignal;
	onEvent: (event: BranchEvent) => void;
	/**
	 * Takes the branch's close: closing an AgentSession kills every tool process of the run
	 * (bash.ts), so the branches close together once all have ended.
	 */
	defer: (close: () => Promise<void>) => void;
};

/** Runs the branch to its end (or its abort); never throws. */
export async function runBranch(run: BranchRun): Promise<BranchOutcome> {
	const started = Date.now();
	const store = run.trunk.branchAt(run.entryId);
	const projectCwd = run.base.cwd;
	let agent: AgentSession | undefined;
	let model = run.model ?? "(default)";
	let failure: string | undefined;
	try {
		agent = await AgentSession.open({ ...run.base, ...(run.model ? { model: run.model } : {}), cwd: run.copy.cwd, yes: true, branch: { store, projectCwd, indexFile: run.copy.indexFile, wrap: run.wrap }, listener: (event) => forward(run, event) });
		model = agent.model?.spec ?? model;
		run.onEvent({ type: "branch_start", index: run.index, model, cwd: run.copy.cwd });
		const opened = agent;
		const onAbort = () => void opened.abort();
		run.signal.addEventListener("abort", onAbort, { once: true });
		try {
			if (!run.signal.aborted) {
				const result = await agent.prompt(run.prompt);
				if (result && !result.ok && result.reason !== "aborted") failure = result.error ?? `the turn failed (${result.reason ?? "error"})`;
			}
		} finally {
			run.signal.removeEventListener("abort", onAbort);
		}
	} catch (error) {
		failure = errorMessage(error);
	}
	const check = run.check && !run.signal.aborted ? await checkSafely(run, store) : undefined;
	const label = `fanout ${run.index}/${run.count} · ${model}`;
	const outcome = await describe(run, store, { label, model, failure, check, started });
	const opened = agent;
	run.defer(async () => {
		await opened?.close().catch(() => undefined);
		store.close();
	});
	run.onEvent({ type: "branch_end", outcome });
	return outcome;
}

function forward(run: BranchRun, event: AgentEvent): void {
	if (event.type === "tool_call") run.onEvent({ type: "branch_tool", index: run.index, toolName: event.toolName, args: event.args });
}

/** The check, recorded in the branch; its own failure to start is its result. */
async function checkSafely(run: BranchRun, store: SessionStore): Promise<CheckResult> {
	const result = await runCheck({ command: run.check ?? "", cwd: run.copy.cwd, wrap: run.wrap, signal: run.signal });
	store.append({ type: "custom", customType: "arbor.fanout-check", data: result });
	store.sync();
	return result;
}

type Ending = { label: string; model: string; failure: string | undefined; check: CheckResult | undefined; started: number };

/** Labels the branch's first entry and reads its row off the path. */
async function describe(run: BranchRun, store: SessionStore, end: Ending): Promise<BranchOutcome> {
	// Decided as the branch ends: an abort while its row is being read does not make a finished branch aborted.
	const status = run.signal.aborted ? "aborted" : end.failure || (end.check && end.check.exitCode !== 0) ? "failed" : "done";
	const path = store.snapshot().getPath(store.snapshot().leafId);
	const mine = path.slice(path.findIndex((e) => e.id === run.entryId) + 1);
	const first = mine[0];
	if (first) store.setLabel(first.id, end.label);
	store.sync();
	const endTree = mine.flatMap((e) => checkpointOf(e)?.data.tree ?? []).at(-1);
	const place = copyPlace(run.base.home, run.base.cwd, run.copy);
	const files = endTree ? await treeNumstat(place, run.copy.tree, endTree).catch(() => []) : [];
	const error = end.failure ?? (end.check && end.check.exitCode !== 0 ? `check exited with ${end.check.exitCode ?? "a signal"}` : undefined);
	return {
		index: run.index,
		label: end.label,
		model: end.model,
		status,
		...(error ? { error } : {}),
		...(first ? { firstEntryId: first.id } : {}),
		endId: store.snapshot().leafId,
		answer: lastAnswer(mine),
		files,
		hasFiles: endTree !== undefined,
		...(end.check ? { check: end.check } : {}),
		...usageOf(mine),
		ms: Date.now() - end.started,
		cwd: run.copy.cwd,
		startTree: run.copy.tree,
		endTree: endTree ?? run.copy.tree,
	};
}

function lastAnswer(entries: readonly SessionEntry[]): string {
	for (let i = entries.length - 1; i >= 0; i -= 1) {
		const entry = entries[i];
		if (entry?.type !== "message" || entry.message.role !== "assistant") continue;
		const text = entry.message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
		if (text.trim() !== "") return text;
	}
	return "";
}

function usageOf(entries: readonly SessionEntry[]): { tokens: { input: number; output: number }; cost: number } {
	const sum = { tokens: { input: 0, output: 0 }, cost: 0 };
	for (const entry of entries) {
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		const usage = entry.message.usage;
		sum.tokens.input += usage?.input ?? 0;
		sum.tokens.output += usage?.output ?? 0;
		sum.cost += usage?.cost?.total ?? 0;
	}
	return sum;
}
