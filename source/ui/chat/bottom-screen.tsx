import React from "react";
import type { MenuCommand } from "../commands.js";
import type { Chat } from "./use-chat.js";
import type { InteractiveOptions } from "../options.js";
import type { Screen } from "./app-reducer.js";
import type { SwitchSession } from "./use-session-switch.js";
import { SessionStore } from "../../session/store.js";
import { ConfirmPrompt } from "./confirm-prompt.js";
import type { TypeAhead } from "../input/type-ahead.js";
import { ForkPicker } from "../pickers/fork-picker.js";
import { HelpView } from "./help-view.js";
import { sessionActions } from "../actions/session-actions.js";
import { forkAtMessage } from "../actions/fork-action.js";
import { RestoreScreen } from "../actions/restore-screen.js";
import { openSearchHit } from "../actions/search-actions.js";
import { SessionPicker } from "../pickers/session-picker.js";
import { TreeScreen } from "../tree/tree-screen.js";
import { SearchResults } from "../pickers/search-results.js";
import { ModelPicker, needOf } from "../pickers/model-picker.js";
import { useServices } from "../services.js";
import { FanoutScreen } from "../fanout/fanout-screen.js";

type BottomScreenProps = {
	screen: Exclude<Screen, { kind: "chat" }>;
	options: InteractiveOptions;
	chat: Chat;
	switchSession: SwitchSession;
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
	const { screen, options, switchSession } = props;
	const services = useServices();
	const { store, view, deps, dispatch } = services;
	const close = () => dispatch({ type: "screen-closed" });
	switch (screen.kind) {
		case "tree":
			return <TreeScreen askSummary={options.askSummary} rows={props.rows} cols={props.cols} initialFilter={options.treeFilter} selectedId={screen.selectedId} />;
		case "fork-picker":
			return (
				<ForkPicker
					view={view} rows={props.rows} onCancel={close}
					onPick={(entry) => void (services.agent.checkpointer ? dispatch({ type: "restore-opened", targetId: entry.id, forkAt: entry.id }) : forkAtMessage(switchSession, entry.id))}
				/>
			);
		case "resume-picker":
			return (
				<SessionPicker
					listHere={deps.listSessions}
					listAll={deps.listAllSessions}
					currentFile={store.file}
					rows={props.rows}
					actions={sessionActions({ store, open: (file) => SessionStore.open(file, { write: true }), home: options.home })}
					onOpen={(s) => void (s.file === store.file ? dispatch({ type: "screen-closed", status: { text: "Already in this session", kind: "info" } }) : switchSession((agent) => agent.switchSession(s.file), { done: `Resumed ${s.name ?? s.id}` }))}
					onCancel={close}
				/>
			);
		case "confirm":
			return <ConfirmPrompt request={screen.request} onAnswer={props.chat.answer} onAbort={props.chat.abort} rows={props.rows} cols={props.cols} typeAhead={props.typeAhead} />;
		case "search":
			return (
				<SearchResults
					result={screen.result} all={screen.all} rows={props.rows} onCancel={close}
					onOpen={(hit) => void openSearchHit({ store, switchSession, dispatch }, hit)}
					search={(all) => deps.searchSessions(screen.result.query, all)}
				/>
			);
		case "model-picker":
			return (
				<ModelPicker
					catalog={options.catalog ?? { providers: [] }} view={view} current={props.model} rows={props.rows} onCancel={close}
					need={needOf(options.resolveModel)} localServers={options.localServers}
					onPick={(spec) => {
						close();
						props.onModel(spec);
					}}
				/>
			);
		case "restore":
			return <RestoreScreen targetId={screen.targetId} {...(screen.forkAt ? { forkAt: screen.forkAt } : {})} switchSession={switchSession} rows={props.rows} cols={props.cols} />;
		case "fanout":
			return options.fanoutOpen ? <FanoutScreen args={screen.args} open={options.fanoutOpen} rows={props.rows} cols={props.cols} /> : null;
		case "help":
			return <HelpView onClose={close} extraCommands={props.extraCommands} extraKeys={props.extraKeys} rows={props.rows} cols={props.cols} />;
		default: {
			const unreachable: never = screen;
			return unreachable;
		}
	}
}
