/**
 * The whole /tree flow as one state machine: tree → (summary prompt → custom instructions) →
 * summarizing or navigating → done. Pure: times arrive in events, effects live in hooks.
 */

/** Options of the summary prompt, in display order (summaries.md). */
export const SUMMARY_OPTIONS = ["No summary", "Summarize", "Summarize with custom prompt"] as const;

export type TreeFlow =
	/** `notice` (e.g. `Summary cancelled`) or `error` is shown under the tree until the next choice. */
	| { screen: "tree"; notice?: string; error?: string }
	/** `draft`: custom instructions typed before Esc, offered again when the custom option is chosen. */
	| { screen: "summary-prompt"; targetId: string; option: number; error?: string; draft?: string }
	| { screen: "custom-instructions"; targetId: string; text: string }
	| { screen: "summarizing"; targetId: string; startedAt: number; customInstructions?: string }
	/** Moving without a summary: short, but keys must not start a second move meanwhile. */
	| { screen: "navigating"; targetId: string };

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
	| { type: "went-back" };

export const INITIAL_TREE_FLOW: TreeFlow = { screen: "tree" };

function targetOf(flow: TreeFlow): string | undefined {
	return flow.screen === "tree" ? undefined : flow.targetId;
}

function wentBack(flow: TreeFlow): TreeFlow {
	switch (flow.screen) {
		case "custom-instructions":
			return { screen: "summary-prompt", targetId: flow.targetId, option: 2, ...(flow.text ? { draft: flow.text } : {}) };
		case "summary-prompt":
			return { screen: "tree" };
		case "tree":
		case "summarizing":
		case "navigating":
			// Closing the tree is the caller's business; a running move is left via summary-cancelled.
			return flow;
		default: {
			const never: never = flow;
			return never;
		}
	}
}

function onPrompt(flow: TreeFlow, event: TreeFlowEvent): TreeFlow {
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

/** Pure reducer of the /tree flow. Events that do not apply to the current screen change nothing. */
export function treeFlowReducer(flow: TreeFlow, event: TreeFlowEvent): TreeFlow {
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
