import React from "react";
import type { MenuCommand } from "../commands.js";
import type { Chat } from "./use-chat.js";
import type { InteractiveOptions } from "../options.js";
import type { Screen } from "./app-reducer.js";
import type { SwitchStore } from "./use-session-switch.js";
import { ConfirmPrompt } from "./confirm-prompt.js";
import type { TypeAhead } from "../input/type-ahead.js";
import { ForkPicker } from "../pickers/fork-picker.js";
import { HelpView } from "./help-view.js";
import { sessionActions } from "../actions/session-actions.js";
import { forkAtMessage } from "../actions/fork-action.js";
import { openSearchHit } from "../actions/search-actions.js";
import { SessionPicker } from "../pickers/session-picker.js";
import { TreeScreen } from "../tree/tree-screen.js";
import { SearchResults } from "../pickers/search-results.js";
import { ModelPicker, needOf } from "../pickers/model-picker.js";
import { useServices } from "../services.js";

export type BottomScreenProps = {
	screen: Exclude<Screen, { kind: "chat" }>;
	options: InteractiveOptions;
	chat: Chat;
	switchStore: SwitchStore;
	rows: number;
	cols: number;
	/** Extensions' commands, listed in /help. */
	extraCommands?: readonly MenuCommand[];
	/** Extensions' keys, listed in /help: [key, description]. */
	extraKeys?: readonly (readonly [string, string])[];
	/** The chat model's spec (marked in the model picker). */
	model?: string;
	/** The model picker's choice: `/model <spec>`. */
	onModel(spec: string): void;
	/** Which keys typed as a confirmation appears go on to the editor. */
	typeAhead?: TypeAhead;
};

/** Whichever non-chat screen is open; each one listens to keys only while it is mounted. */
export function BottomScreen(props: BottomScreenProps) {
	const { screen, options, switchStore } = props;
	const services = useServices();
	const { store, view, deps, bus, dispatch } = services;
	const close = () => dispatch({ type: "screen-closed" });
	switch (screen.kind) {
		case "tree":
			return <TreeScreen askSummary={options.askSummary} rows={props.rows} cols={props.cols} initialFilter={options.treeFilter} selectedId={screen.selectedId} />;
		case "fork-picker":
			return (
				<ForkPicker
					view={view} rows={props.rows} onCancel={close}
					onPick={(entry) =>
						void forkAtMessage({
							store, view, messageId: entry.id, where: options, bus, switchStore,
							closeWith: (status) => dispatch({ type: "screen-closed", status }),
						})
					}
				/>
			);
		case "resume-picker":
			return (
				<SessionPicker
					listHere={deps.listSessions}
					listAll={deps.listAllSessions}
					currentFile={store.file}
					rows={props.rows}
					actions={sessionActions({ store, open: deps.openSession, home: options.home })}
					onOpen={(s) => (s.file === store.file ? switchStore(store, "Already in this session") : switchStore(() => deps.openSession(s.file), `Resumed ${s.name ?? s.id}`))}
					onCancel={close}
				/>
			);
		case "confirm":
			return <ConfirmPrompt request={screen.request} onAnswer={props.chat.answer} onAbort={props.chat.abort} rows={props.rows} cols={props.cols} typeAhead={props.typeAhead} />;
		case "search":
			return (
				<SearchResults
					result={screen.result} all={screen.all} rows={props.rows} onCancel={close}
					onOpen={(hit) => openSearchHit({ store, deps, switchStore, dispatch }, hit)}
					search={(all) => deps.searchSessions(screen.result.query, all)}
				/>
			);
		case "model-picker":
			return (
				<ModelPicker
					catalog={options.catalog ?? { providers: [] }} view={view} current={props.model} rows={props.rows} onCancel={close}
					need={needOf(options.resolveModel)}
					onPick={(spec) => {
						close();
						props.onModel(spec);
					}}
				/>
			);
		case "help":
			return <HelpView onClose={close} extraCommands={props.extraCommands} extraKeys={props.extraKeys} rows={props.rows} cols={props.cols} />;
		default: {
			const unreachable: never = screen;
			return unreachable;
		}
	}
}
