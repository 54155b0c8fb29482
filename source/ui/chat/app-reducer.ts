// Over 200 lines: one pure reducer over the chat screen's state; its cases read best side by side.
import type { FanoutArgs } from "../fanout/fanout-args.js";
import { stripControls } from "../../text/terminal-text.js";
import type { SessionEntry } from "../../session/types.js";
import type { SearchResult } from "../../search/search.js";
import { applyOp, replayTail } from "./replay.js";
import { entryOp, settleAll, settledPrefix, type TranscriptItem } from "./transcript.js";
import { tailBudget, tailCount } from "./transcript-tail.js";
import type { TreeDone } from "../tree/use-tree-actions.js";
import { counted } from "../../text/count.js";

/** A tool call waiting for the user's yes / no / always. */
export type ConfirmRequest = { toolName: string; args: unknown; description: string; preview?: string };

export type Screen =
	| { kind: "chat" }
	/** `selectedId`: the entry to select on opening (a /search hit); the leaf otherwise. */
	| { kind: "tree"; selectedId?: string }
	| { kind: "search"; result: SearchResult; all: boolean }
	| { kind: "fork-picker" }
	| { kind: "resume-picker" }
	| { kind: "model-picker" }
	| { kind: "confirm"; request: ConfirmRequest }
	/** /restore and /fork's file question (actions/restore-screen.tsx); `forkAt`: the fork follows. */
	| { kind: "restore"; targetId: string; forkAt?: string }
	| { kind: "help" }
	/** `/fanout`: its branches running, then their comparison (ui/fanout/). */
	| { kind: "fanout"; args: FanoutArgs };

type RunningTool = { toolCallId: string; toolName: string; args: unknown; startedAt: number };
export type Status = { text: string; kind: "info" | "error" };
export const infoStatus = (text: string): Status => ({ text, kind: "info" });
export const errorStatus = (text: string): Status => ({ text, kind: "error" });
/** What runs: a reply, a compaction, or a shell command the user typed (`!command`). */
/** `finishing`: the reply's last step is stored, the turn still runs (its after-turn file snapshot). */
type Busy = { kind: "reply" | "compact"; startedAt: number; finishing?: boolean } | { kind: "bash"; startedAt: number; command: string };

export type AppState = {
	screen: Screen;
	items: TranscriptItem[];
	/** Streaming assistant text of the current step; null when nothing streams. */
	live: { text: string; thinkingChars: number } | null;
	running: RunningTool[];
	status: Status | null;
	warnings: number;
	busy: Busy | null;
	/** Text the editor should take over; `seq` changes each time so equal texts still apply. */
	editorRequest: { text: string; seq: number } | null;
	/** Bumped to remount <Static> so the transcript is printed again from scratch. */
	staticKey: number;
	/** Ctrl+O: every item printed in its expanded form (whole text) rather than its short form. */
	expanded: boolean;
};

/** After /tree: the status, and for a move to a user message its text in the editor. */
function treeDone(state: AppState, done: TreeDone): AppState {
	const closed = appReducer(state, { type: "tree-closed", status: done.kind === "moved" ? (done.status ?? "Navigated to selected point") : done.status });
	// A move replays the path (cleared and printed again on its own); a plain close asks for a reprint.
	return done.kind === "moved" && done.editorText !== undefined ? appReducer(closed, { type: "editor-text-requested", text: done.editorText }) : closed;
}

/** Terminal size: a replay prints only the last few screens of the transcript. */
export type TermSize = { rows: number; cols: number };

export type AppAction =
	| { type: "path-replayed"; path: readonly SessionEntry[]; size: TermSize; warnings?: number }
	| { type: "entries-stored"; entries: readonly SessionEntry[] }
	| { type: "turn-started"; startedAt: number }
	| { type: "compaction-started"; startedAt: number }
	| { type: "bash-started"; startedAt: number; command: string }
	| { type: "text-streamed"; delta: string }
	| { type: "thinking-streamed"; delta: string }
	| { type: "tool-started"; tool: RunningTool }
	| { type: "tool-finished"; toolCallId: string }
	/** A message of the reply stored: `finishing` when it was its last step (not a tool call, not steering). */
	| { type: "reply-step-stored"; finishing: boolean }
	| { type: "turn-finished"; status?: Status }
	| { type: "turn-failed"; message: string }
	| { type: "tree-opened"; selectedId?: string }
	| { type: "search-opened"; result: SearchResult; all: boolean }
	| { type: "tree-closed"; status?: string }
	/** How /tree ended, sent once by the tree screen: moved (the transcript replays on its own) or closed. */
	| { type: "tree-done"; done: TreeDone }
	| { type: "picker-opened"; picker: "fork-picker" | "resume-picker" | "model-picker" }
	| { type: "help-opened" }
	| { type: "restore-opened"; targetId: string; forkAt?: string }
	| { type: "fanout-opened"; args: FanoutArgs }
	| { type: "screen-closed"; status?: Status }
	| { type: "confirm-requested"; request: ConfirmRequest }
	| { type: "confirm-answered" }
	| { type: "status-shown"; status: Status }
	| { type: "status-cleared" }
	/** A timed hint is over: cleared only if it is still the status shown. */
	| { type: "status-expired"; text: string }
	| { type: "editor-text-requested"; text: string }
	/** Ctrl+O: the other form of every item; the last screens are printed again below, in that form. */
	| { type: "transcript-toggled"; size: TermSize };

/** The initial state for a session path (no clear, no remount: nothing was printed yet). */
export function initialAppState(path: readonly SessionEntry[], opts: { size: TermSize; warnings?: number }): AppState {
	const warnings = opts.warnings ?? 0;
	return {
		screen: { kind: "chat" },
		items: replayLimited(path, opts.size, false),
		live: null,
		running: [],
		status: null,
		warnings,
		busy: null,
		editorRequest: null,
		staticKey: 0,
		expanded: false,
	};
}

const HIDDEN_NOTICE = "hidden-notice";

/**
 * The notice before a printed tail: `rule` says why the transcript is printed again (below what
 * was printed before, which stays in the scrollback); the count says how many items come before.
 */
function withNotice(hidden: number, items: TranscriptItem[], rule?: string): TranscriptItem[] {
	if (hidden === 0 && !rule) return items;
	const count = hidden === 0 ? "" : `… ${counted(hidden, "earlier message", undefined, hidden.toLocaleString("en-US"))} not shown · /tree browses them`;
	const text = [rule ? `── ${rule} ──` : "", count].filter(Boolean).join("\n");
	return [{ kind: "notice", key: HIDDEN_NOTICE, text, hidden }, ...items];
}

/** Printed above a replayed path (a /tree move, another session): the earlier output above it is another path. */
const REPLAY_RULE = "the conversation now";

/** Only the last screens of a long path are printed (measuring 6,000 messages takes seconds). */
function replayLimited(path: readonly SessionEntry[], size: TermSize, expanded: boolean, rule?: string): TranscriptItem[] {
	const { items, hidden } = replayTail(path, tailBudget(size), expanded);
	return withNotice(hidden, items, rule);
}

/**
 * The items printed again (below) after Ctrl+O: the settled ones that fit the last
 * screens in the new form (older ones join the hidden count), then the unsettled ones. The cost
 * is the screens printed, not the session's length.
 */
export function retail(items: readonly TranscriptItem[], size: TermSize, expanded: boolean, rule?: string): TranscriptItem[] {
	const first = items[0];
	const notice = first?.kind === "notice" && first.key === HIDDEN_NOTICE ? first : undefined;
	const rest = notice ? items.slice(1) : items.slice();
	const settled = settledPrefix(rest);
	const dropped = settled - tailCount(rest.slice(0, settled), tailBudget(size), expanded);
	return withNotice((notice?.hidden ?? 0) + dropped, rest.slice(dropped), rule);
}

function storeEntries(state: AppState, entries: readonly SessionEntry[]): AppState {
	let items = state.items;
	let live = state.live;
	for (const entry of entries) {
		items = applyOp(items, entryOp(entry));
		// The stored assistant step replaces what was streamed for it.
		if (entry.type === "message" && entry.message.role === "assistant" && live) {
			live = { text: "", thinkingChars: 0 };
		}
	}
	// Outside a turn no result can still arrive (e.g. entries written by another step).
	return { ...state, items: state.busy ? items : settleAll(items), live };
}

/** A turn's end: its own status, else an error shown while it ran (an MCP server that died) stays. */
function endTurn(state: AppState, status: Status | null): AppState {
	const kept = status ?? (state.status?.kind === "error" ? state.status : null);
	return { ...state, items: settleAll(state.items), live: null, running: [], busy: null, status: kept };
}

/** The one reducer of the chat screen: pure, no time, no I/O (times arrive in actions). */
export function appReducer(state: AppState, action: AppAction): AppState {
	switch (action.type) {
		case "path-replayed":
			return {
				...state,
				items: replayLimited(action.path, action.size, state.expanded, REPLAY_RULE),
				live: null,
				running: [],
				warnings: action.warnings ?? state.warnings,
				staticKey: state.staticKey + 1,
			};
		case "entries-stored":
			return storeEntries(state, action.entries);
		case "turn-started":
			return { ...state, busy: { kind: "reply", startedAt: action.startedAt }, live: { text: "", thinkingChars: 0 }, status: null };
		case "compaction-started":
			return { ...state, busy: { kind: "compact", startedAt: action.startedAt }, status: null };
		case "bash-started":
			return { ...state, busy: { kind: "bash", startedAt: action.startedAt, command: action.command }, status: null };
		case "text-streamed":
			return { ...state, live: { text: (state.live?.text ?? "") + action.delta, thinkingChars: state.live?.thinkingChars ?? 0 } };
		case "thinking-streamed":
			return { ...state, live: { text: state.live?.text ?? "", thinkingChars: (state.live?.thinkingChars ?? 0) + action.delta.length } };
		case "tool-started":
			return { ...state, running: [...state.running.filter((t) => t.toolCallId !== action.tool.toolCallId), action.tool] };
		case "tool-finished":
			return { ...state, running: state.running.filter((t) => t.toolCallId !== action.toolCallId) };
		case "reply-step-stored":
			return state.busy?.kind === "reply" ? { ...state, busy: { ...state.busy, finishing: action.finishing } } : state;
		case "turn-finished":
			return endTurn(state, action.status ?? null);
		case "turn-failed":
			return endTurn(state, { text: action.message, kind: "error" });
		case "tree-opened":
			// Opening a /search hit keeps the status: it says which session the hit switched to.
			return action.selectedId ? { ...state, screen: { kind: "tree", selectedId: action.selectedId } } : { ...state, screen: { kind: "tree" }, status: null };
		case "search-opened":
			return { ...state, screen: { kind: "search", result: action.result, all: action.all }, status: null };
		case "tree-closed":
			return { ...state, screen: { kind: "chat" }, status: action.status ? { text: action.status, kind: "info" } : null };
		case "tree-done":
			return treeDone(state, action.done);
		case "picker-opened":
			return { ...state, screen: { kind: action.picker }, status: null };
		case "restore-opened":
			return { ...state, screen: { kind: "restore", targetId: action.targetId, ...(action.forkAt ? { forkAt: action.forkAt } : {}) }, status: null };
		case "help-opened":
			return { ...state, screen: { kind: "help" } };
		case "fanout-opened":
			return { ...state, screen: { kind: "fanout", args: action.args }, status: null };
		case "screen-closed":
			return { ...state, screen: { kind: "chat" }, status: action.status ?? state.status };
		case "confirm-requested":
			return { ...state, screen: { kind: "confirm", request: action.request } };
		case "confirm-answered":
			return { ...state, screen: { kind: "chat" } };
		case "status-shown":
			return { ...state, status: action.status };
		case "status-cleared":
			return { ...state, status: null };
		case "status-expired":
			return state.status?.text === action.text ? { ...state, status: null } : state;
		case "editor-text-requested":
			// Text from the file goes into the editor as typed text would: without control codes.
			return { ...state, editorRequest: { text: stripControls(action.text), seq: (state.editorRequest?.seq ?? 0) + 1 } };
		case "transcript-toggled":
			return { ...state, expanded: !state.expanded, items: retail(state.items, action.size, !state.expanded, state.expanded ? "short forms" : "expanded"), staticKey: state.staticKey + 1 };
		default: {
			const unreachable: never = action;
			return unreachable;
		}
	}
}
