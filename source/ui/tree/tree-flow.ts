// Over 200 lines: one state machine for the whole /tree screen (issue 16: one reducer).
/**
 * The whole /tree screen as one state machine: tree → (summary prompt → custom instructions) →
 * summarizing or navigating → done, and beside the moves the cross-branch actions: a marked entry
 * (Shift+C), the comparison of two branches, a running merge (Shift+M). Pure: times arrive in
 * events, effects live in hooks (use-tree-actions.ts).
 */

/** Options of the summary prompt, in display order (summaries.md). */
export const SUMMARY_OPTIONS = ["No summary", "Summarize", "Summarize with custom prompt"] as const;

export type TreeFlow = TreeFlowScreen & Kept;

/**
 * What every screen keeps (the compare / merge actions and the label editor had states of their own
 * beside the move's before c297249's restructure, and their lines outlived a move's screens).
 */
type Kept = {
	/** The entry marked for a comparison (Shift+C). */
	mark?: string;
	/** The last Shift+C / Shift+M outcome, shown under the tree (after the move's own) until the next one. */
	branchNotice?: string;
	branchError?: string;
	/** The store's refusal of the last Shift+L label, until a label is saved. */
	labelError?: string;
};

/** The move's own `notice` / `error` under the tree; a comparison or merge started there keeps them for its return. */
type TreeLines = { notice?: string; error?: string };

type TreeFlowScreen =
	/** `notice` (e.g. `Summary cancelled`) or `error` is shown under the tree until the next choice. */
	| ({ screen: "tree" } & TreeLines)
	/** `draft`: custom instructions typed before Esc, offered again when the custom option is chosen. */
	| { screen: "summary-prompt"; targetId: string; option: number; error?: string; draft?: string }
	| { screen: "custom-instructions"; targetId: string; text: string }
	| { screen: "summarizing"; targetId: string; startedAt: number; customInstructions?: string }
	/** Moving without a summary: short, but keys must not start a second move meanwhile. */
	| { screen: "navigating"; targetId: string }
	/** The branches ending at `a` (the marked entry) and `b` (the one picked after it). */
	| ({ screen: "comparing"; a: string; b: string } & TreeLines)
	| ({ screen: "merging"; fromId: string; startedAt: number } & TreeLines)
	/**
	 * `Restore files to this point?` after the summary question (or instead of it): the dry run's
	 * files, `cursor` over the two choices then the files (Enter on a file shows its diff in `diff`).
	 * The move goes on as chosen before: `summarize` with `customInstructions`.
	 */
	| { screen: "restore-prompt"; targetId: string; cursor: number; changes: readonly RestoreChange[]; summarize: boolean; customInstructions?: string; diff?: { path: string; text: string } };

/** One file of a restore's dry run: what the restore does to it. */
export type RestoreChange = { path: string; status: "changed" | "added" | "deleted"; mine?: boolean };

/** The restore question's choices, in display order. */
const RESTORE_OPTIONS = ["Restore files", "Keep files as they are"] as const;

/** The question's choices: with changes of the user's own (`mine`, kept by default), a third that includes them. */
export function restoreOptions(changes: readonly RestoreChange[]): readonly string[] {
	return changes.some((c) => c.mine) ? [...RESTORE_OPTIONS, "Restore files, your own changes too"] : RESTORE_OPTIONS;
}

export type TreeFlowEvent =
	/** `ask`: the move abandons entries and summaries are switched on. */
	| { type: "node-chosen"; targetId: string; ask: boolean }
	| { type: "option-moved"; delta: number }
	| { type: "summary-declined" }
	| { type: "summary-requested"; now: number }
	| { type: "summary-unavailable"; message: string }
	| { type: "custom-requested" }
	| { type: "instructions-edited"; text: string }
	| { type: "instructions-submitted"; now: number }
	| { type: "summary-failed"; message: string }
	| { type: "summary-cancelled" }
	/** An extension cancelled the move: back to the tree without a message. */
	| { type: "navigation-cancelled" }
	| { type: "navigation-done" }
	| { type: "went-back" }
	/** Shift+L saved (no `error`) or the store refused the label. */
	| { type: "label-set"; error?: string }
	| RestoreEvent
	| BranchEvent;

/** The restore question (see the `restore-prompt` screen). */
export type RestoreEvent =
	| { type: "restore-asked"; targetId: string; changes: readonly RestoreChange[]; summarize: boolean; customInstructions?: string }
	| { type: "restore-cursor-moved"; delta: number }
	| { type: "restore-diff-shown"; path: string; text: string }
	| { type: "restore-diff-closed" }
	/** Either choice: the move starts (summarizing when a summary was asked for). */
	| { type: "restore-answered"; now: number };

/** Shift+C and Shift+M. */
export type BranchEvent =
	/** Shift+C: marks, unmarks (the marked entry again) or compares with the marked entry. */
	/** `key`: Shift+C as the keymap writes it, named in the `Marked …` notice ("" when unbound). */
	| { type: "entry-marked"; id: string; key: string }
	| { type: "comparison-closed" }
	| { type: "merge-started"; fromId: string; now: number }
	/** A merge that cannot start (nothing to merge) or that failed: nothing was written. */
	| { type: "merge-failed"; message: string }
	| { type: "merge-cancelled"; notice: string }
	| { type: "merge-done" };

export const INITIAL_TREE_FLOW: TreeFlow = { screen: "tree" };

function targetOf(flow: TreeFlow): string | undefined {
	return "targetId" in flow ? flow.targetId : undefined;
}

function wentBack(flow: TreeFlow): TreeFlow {
	switch (flow.screen) {
		case "custom-instructions":
			return { screen: "summary-prompt", targetId: flow.targetId, option: 2, ...(flow.text ? { draft: flow.text } : {}) };
		case "summary-prompt":
			return { screen: "tree" };
		case "restore-prompt":
			return flow.diff ? { ...flow, diff: undefined } : { screen: "tree" };
		case "tree":
		case "summarizing":
		case "navigating":
		case "comparing":
		case "merging":
			// Closing the tree is the caller's business; a running move is left via summary-cancelled.
			return flow;
		default: {
			const never: never = flow;
			return never;
		}
	}
}

function onPrompt(flow: TreeFlow, event: MoveEvent): TreeFlow {
	if (flow.screen !== "summary-prompt") return flow;
	switch (event.type) {
		case "option-moved": {
			const n = SUMMARY_OPTIONS.length;
			const option = (((flow.option + event.delta) % n) + n) % n;
			return { screen: "summary-prompt", targetId: flow.targetId, option, ...(flow.draft ? { draft: flow.draft } : {}) };
		}
		case "summary-declined":
			return { screen: "navigating", targetId: flow.targetId };
		case "summary-requested":
			return { screen: "summarizing", targetId: flow.targetId, startedAt: event.now };
		case "summary-unavailable":
			return { ...flow, error: event.message };
		case "custom-requested":
			return { screen: "custom-instructions", targetId: flow.targetId, text: flow.draft ?? "" };
		default:
			return flow;
	}
}

const KEPT = ["mark", "branchNotice", "branchError", "labelError"] as const;

/** The Kept fields of `flow` that are set, `overrides` applied (undefined removes one). */
function kept(flow: TreeFlow, overrides: Kept = {}): Kept {
	const out: Kept = {};
	for (const k of KEPT) {
		const value = k in overrides ? overrides[k] : flow[k];
		if (value !== undefined) out[k] = value;
	}
	return out;
}

/** The move's lines under the tree (or those a comparison / merge keeps for its return). */
function treeLines(flow: TreeFlow): TreeLines {
	if (flow.screen !== "tree" && flow.screen !== "comparing" && flow.screen !== "merging") return {};
	return { ...(flow.notice !== undefined ? { notice: flow.notice } : {}), ...(flow.error !== undefined ? { error: flow.error } : {}) };
}

/** The tree screen again: the move's lines as they were, the compare / merge outcome given. */
function backToTree(flow: TreeFlow, branch: Kept): TreeFlow {
	return { screen: "tree", ...treeLines(flow), ...kept(flow, { branchNotice: undefined, branchError: undefined, ...branch }) };
}

function marked(flow: TreeFlow, id: string, key: string): TreeFlow {
	if (flow.mark === id) return backToTree(flow, { mark: undefined, branchNotice: "Mark removed" });
	if (flow.mark === undefined) return backToTree(flow, { mark: id, branchNotice: `Marked ${id}${key ? ` · ${key} on another entry compares` : ""}` });
	return { screen: "comparing", a: flow.mark, b: id, ...treeLines(flow), ...kept(flow, { mark: undefined, branchNotice: undefined, branchError: undefined }) };
}

/** Shift+C / Shift+M, the merge's end and Shift+L's outcome; `undefined` for the other events. */
function onBranch(flow: TreeFlow, event: TreeFlowEvent): TreeFlow | undefined {
	const onTree = flow.screen === "tree";
	switch (event.type) {
		case "entry-marked":
			return onTree ? marked(flow, event.id, event.key) : flow;
		case "comparison-closed":
			return flow.screen === "comparing" ? backToTree(flow, {}) : flow;
		case "merge-started":
			return onTree ? { screen: "merging", fromId: event.fromId, startedAt: event.now, ...treeLines(flow), ...kept(flow, { branchNotice: undefined, branchError: undefined }) } : flow;
		case "merge-failed":
			return onTree || flow.screen === "merging" ? backToTree(flow, { branchError: event.message }) : flow;
		case "merge-cancelled":
			return onTree || flow.screen === "merging" ? backToTree(flow, { branchNotice: event.notice }) : flow;
		case "merge-done":
			return { screen: "tree", ...kept(flow, { mark: undefined, branchNotice: undefined, branchError: undefined }) };
		case "label-set":
			if (flow.screen !== "tree") return flow;
			return event.error !== undefined ? { ...flow, labelError: event.error } : withoutLabelError(flow);
		default:
			return undefined;
	}
}

/**
 * What the tree shows under its rows, as before c297249's restructure: the move's notice, else the
 * last compare / merge notice; the move's error, else the label's, else the compare / merge error.
 */
export function treeMessages(flow: TreeFlow): TreeLines {
	const own = flow.screen === "tree" ? treeLines(flow) : {};
	const notice = own.notice ?? flow.branchNotice;
	const error = own.error ?? flow.labelError ?? flow.branchError;
	return { ...(notice !== undefined ? { notice } : {}), ...(error !== undefined ? { error } : {}) };
}

/**
 * Pure reducer of the /tree screen. Events that do not apply to the current screen change nothing;
 * a move's screens keep the mark and the compare / merge and label lines.
 */
export function treeFlowReducer(flow: TreeFlow, event: TreeFlowEvent): TreeFlow {
	const restore = onRestore(flow, event);
	if (restore) return restore === flow ? restore : { ...restore, ...kept(flow) };
	const branch = onBranch(flow, event);
	if (branch) return branch;
	const next = moveReducer(flow, event as MoveEvent);
	return next === flow ? next : { ...next, ...kept(flow) };
}

function withoutLabelError(flow: TreeFlow): TreeFlow {
	const { labelError: _, ...rest } = flow;
	return rest;
}

/** The restore question's events; `undefined` for the others. */
function onRestore(flow: TreeFlow, event: TreeFlowEvent): TreeFlow | undefined {
	switch (event.type) {
		case "restore-asked": {
			const { type: _, ...rest } = event;
			// Asked once the summary choice is made (navigating or summarizing), for the same target.
			return targetOf(flow) === event.targetId ? { screen: "restore-prompt", cursor: 0, ...rest } : flow;
		}
		case "restore-cursor-moved": {
			if (flow.screen !== "restore-prompt" || flow.diff) return flow;
			const n = restoreOptions(flow.changes).length + flow.changes.length;
			return { ...flow, cursor: (((flow.cursor + event.delta) % n) + n) % n };
		}
		case "restore-diff-shown":
			return flow.screen === "restore-prompt" ? { ...flow, diff: { path: event.path, text: event.text } } : flow;
		case "restore-diff-closed":
			return flow.screen === "restore-prompt" ? { ...flow, diff: undefined } : flow;
		case "restore-answered":
			if (flow.screen !== "restore-prompt") return flow;
			return flow.summarize
				? { screen: "summarizing", targetId: flow.targetId, startedAt: event.now, ...(flow.customInstructions !== undefined ? { customInstructions: flow.customInstructions } : {}) }
				: { screen: "navigating", targetId: flow.targetId };
		default:
			return undefined;
	}
}

type MoveEvent = Exclude<TreeFlowEvent, BranchEvent | RestoreEvent | { type: "label-set" }>;

function moveReducer(flow: TreeFlow, event: MoveEvent): TreeFlow {
	switch (event.type) {
		case "node-chosen":
			if (flow.screen !== "tree") return flow;
			return event.ask
				? { screen: "summary-prompt", targetId: event.targetId, option: 0 }
				: { screen: "navigating", targetId: event.targetId };
		case "option-moved":
		case "summary-declined":
		case "summary-requested":
		case "summary-unavailable":
		case "custom-requested":
			return onPrompt(flow, event);
		case "instructions-edited":
			return flow.screen === "custom-instructions" ? { ...flow, text: event.text } : flow;
		case "instructions-submitted":
			if (flow.screen !== "custom-instructions") return flow;
			return { screen: "summarizing", targetId: flow.targetId, startedAt: event.now, customInstructions: flow.text };
		case "summary-failed":
			return targetOf(flow) === undefined ? flow : { screen: "tree", error: event.message };
		case "summary-cancelled":
			return targetOf(flow) === undefined ? flow : { screen: "tree", notice: "Summary cancelled" };
		case "navigation-cancelled":
		case "navigation-done":
			return { screen: "tree" };
		case "went-back":
			return wentBack(flow);
		default: {
			const never: never = event;
			return never;
		}
	}
}
