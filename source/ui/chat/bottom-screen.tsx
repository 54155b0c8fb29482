import React, { type Dispatch } from "react";
import type { ResolvedModel } from "../../llm/index.js";
import type { EventBus } from "../../navigation/events.js";
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";
import type { SessionEntry } from "../../session/types.js";
import type { UiDeps } from "../deps.js";
import type { MenuCommand } from "../commands.js";
import type { Chat } from "./use-chat.js";
import type { TreeDone } from "../tree/use-tree-flow.js";
import type { InteractiveOptions } from "../options.js";
import type { AppAction, Screen } from "./app-reducer.js";
import type { SessionInfo } from "../../session/index.js";
import { ConfirmPrompt } from "./confirm-prompt.js";
import { ForkPicker } from "../pickers/fork-picker.js";
import { HelpView } from "./help-view.js";
import { sessionActions } from "../actions/session-actions.js";
import { SessionPicker } from "../pickers/session-picker.js";
import { TreeScreen } from "../tree/tree-screen.js";
import { SearchResults } from "../pickers/search-results.js";
import type { SearchHit } from "../../search/search.js";

export type BottomScreenProps = {
	screen: Exclude<Screen, { kind: "chat" }>;
	store: SessionStoreApi;
	view: SessionTreeView;
	options: InteractiveOptions;
	summaryModel: ResolvedModel | undefined;
	deps: UiDeps;
	chat: Chat;
	dispatch: Dispatch<AppAction>;
	rows: number;
	cols: number;
	bus: EventBus;
	onTreeDone(result: TreeDone): void;
	onFork(entry: SessionEntry, text: string): void;
	onResume(session: SessionInfo): void;
	onSearchOpen(hit: SearchHit): void;
	/** Extensions' commands, listed in /help. */
	extraCommands?: readonly MenuCommand[];
};

/** Whichever non-chat screen is open; each one listens to keys only while it is mounted. */
export function BottomScreen(props: BottomScreenProps) {
	const { screen, dispatch } = props;
	const close = () => dispatch({ type: "screen-closed" });
	switch (screen.kind) {
		case "tree":
			return (
				<TreeScreen
					store={props.store}
					summaryModel={props.summaryModel}
					askSummary={props.options.askSummary}
					rows={props.rows}
					cols={props.cols}
					initialFilter={props.options.treeFilter}
					selectedId={screen.selectedId}
					bus={props.bus}
					maxRetries={props.options.maxRetries}
					onDone={props.onTreeDone}
				/>
			);
		case "fork-picker":
			return <ForkPicker view={props.view} rows={props.rows} onPick={props.onFork} onCancel={close} />;
		case "resume-picker":
			return (
				<SessionPicker
					listHere={props.deps.listSessions}
					listAll={props.deps.listAllSessions}
					currentFile={props.store.file}
					rows={props.rows}
					actions={sessionActions({ store: props.store, open: props.deps.openSession, home: props.options.home })}
					onOpen={props.onResume}
					onCancel={close}
				/>
			);
		case "confirm":
			return <ConfirmPrompt request={screen.request} onAnswer={props.chat.answer} onAbort={props.chat.abort} />;
		case "search":
			return (
				<SearchResults
					result={screen.result} all={screen.all} rows={props.rows} onOpen={props.onSearchOpen} onCancel={close}
					search={(all) => props.deps.searchSessions(screen.result.query, all)}
				/>
			);
		case "help":
			return <HelpView onClose={close} extraCommands={props.extraCommands} />;
		default: {
			const unreachable: never = screen;
			return unreachable;
		}
	}
}
