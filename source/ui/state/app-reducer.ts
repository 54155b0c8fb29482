import { stripControls } from "../../session/terminal-text.js";
import type { SessionEntry } from "../../session/types.js";
import type { SearchResult } from "../../search/search.js";
import { applyOp, replay } from "./replay.js";
import { entryOp, settleAll, type TranscriptItem } from "./transcript.js";

/** A tool call waiting for the user's yes / no / always. */
export type ConfirmRequest = { toolName: string; args: unknown; description: string };

export type Screen =
	| { kind: "chat" }
	/** `selectedId`: the entry to select on opening (a /search hit); the leaf otherwise. */
	| { kind: "tree"; selectedId?: string }
	| { kind: "search"; result: SearchResult; all: boolean }
	| { kind: "fork-picker" }
	| { kind: "resume-picker" }
	| { kind: "confirm"; request: ConfirmRequest }
	| { kind: "help" };

export type RunningTool = { toolCallId: string; toolName: string; args: unknown; startedAt: number };
export type Status = { text: string; kind: "info" | "error" };
export type Busy = { kind: "reply" | "compact"; startedAt: number };

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
};

/** Older items than this are not printed on replay (a 100k-entry path would take seconds). */
export const REPLAY_LIMIT = 400;

export type AppAction =
	| { type: "path-replayed"; path: readonly SessionEntry[]; warnings?: number }
	| { type: "entries-stored"; entries: readonly SessionEntry[] }
	| { type: "turn-started"; startedAt: number }
	| { type: "compaction-started"; startedAt: number }
	| { type: "text-streamed"; delta: string }
	| { type: "thinking-streamed"; delta: string }
	| { type: "tool-started"; tool: RunningTool }
	| { type: "tool-finished"; toolCallId: string }
	| { type: "turn-finished"; status?: Status }
	| { type: "turn-failed"; message: string }
	| { type: "tree-opened"; selectedId?: string }
	| { type: "search-opened"; result: SearchResult; all: boolean }
	| { type: "tree-closed"; status?: string }
	| { type: "picker-opened"; picker: "fork-picker" | "resume-picker" }
	| { type: "help-opened" }
	| { type: "screen-closed"; status?: Status }
	| { type: "confirm-requested"; request: ConfirmRequest }
	| { type: "confirm-answered" }
	| { type: "status-shown"; status: Status }
	| { type: "status-cleared" }
	| { type: "editor-text-requested"; text: string };

/** The initial state for a session path (no clear, no remount: nothing was printed yet). */
export function initialAppState(path: readonly SessionEntry[], warnings = 0): AppState {
	return {
		screen: { kind: "chat" },
		items: replayLimited(path),
		live: null,
		running: [],
		status: null,
		warnings,
		busy: null,
		editorRequest: null,
		staticKey: 0,
	};
}

function replayLimited(path: readonly SessionEntry[]): TranscriptItem[] {
	const items = replay(path);
	if (items.length <= REPLAY_LIMIT) return items;
	const hidden = items.length - REPLAY_LIMIT;
	const notice: TranscriptItem = { kind: "notice", key: "hidden-notice", text: `… ${hidden} earlier messages not shown (use /tree)` };
	return [notice, ...items.slice(hidden)];
}

function storeEntries(state: AppState, entries: readonly SessionEntry[]): AppState {
	let items = state.items;
	let live = state.live;
	for (const entry of entries) {
		items = applyOp(items, entryOp(entry));
		// The stored assistant step replaces what was streamed for it.
		if (entry.type === "message" && (entry.message as { role: string }).role === "assistant" && live) {
			live = { text: "", thinkingChars: 0 };
		}
	}
	// Outside a turn no result can still arrive (e.g. entries written by another step).
	return { ...state, items: state.busy ? items : settleAll(items), live };
}

function endTurn(state: AppState, status: Status | null): AppState {
	return { ...state, items: settleAll(state.items), live: null, running: [], busy: null, status };
}

/** The one reducer of the chat screen: pure, no time, no I/O (times arrive in actions). */
export function appReducer(state: AppState, action: AppAction): AppState {
	switch (action.type) {
		case "path-replayed":
			return {
				...state,
				items: replayLimited(action.path),
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
		case "text-streamed":
			return { ...state, live: { text: (state.live?.text ?? "") + action.delta, thinkingChars: state.live?.thinkingChars ?? 0 } };
		case "thinking-streamed":
			return { ...state, live: { text: state.live?.text ?? "", thinkingChars: (state.live?.thinkingChars ?? 0) + action.delta.length } };
		case "tool-started":
			return { ...state, running: [...state.running.filter((t) => t.toolCallId !== action.tool.toolCallId), action.tool] };
		case "tool-finished":
			return { ...state, running: state.running.filter((t) => t.toolCallId !== action.toolCallId) };
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
		case "picker-opened":
			return { ...state, screen: { kind: action.picker }, status: null };
		case "help-opened":
			return { ...state, screen: { kind: "help" } };
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
		case "editor-text-requested":
			// Text from the file goes into the editor as typed text would: without control codes.
			return { ...state, editorRequest: { text: stripControls(action.text), seq: (state.editorRequest?.seq ?? 0) + 1 } };
		default: {
			const unreachable: never = action;
			return unreachable;
		}
	}
}
