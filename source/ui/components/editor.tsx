import { Box, useInput } from "ink";
import React, { useReducer, useRef, useState } from "react";
import { completions, type MenuCommand } from "../commands.js";
import { editorReducer, emptyEditor } from "../state/editor-state.js";
import { keyIntents, type EditorIntent } from "../state/editor-keys.js";
import { EditorLines } from "./editor-lines.js";
import { SlashMenu } from "./slash-menu.js";

/** Ctrl+C twice within this window quits; Esc twice within DOUBLE_ESC_MS opens the tree. */
export const QUIT_WINDOW_MS = 1500;
export const DOUBLE_ESC_MS = 500;

export type EditorProps = {
	active: boolean;
	busy: boolean;
	/** Returns false to keep the text (e.g. a reply is still streaming). */
	onSubmit(text: string): boolean;
	onAbort(): void;
	onOpenTree(): void;
	onQuit(): void;
	onHint(text: string): void;
	request: { text: string; seq: number } | null;
	/** Terminal columns: the `› ` prompt is subtracted before the text wraps. */
	width: number;
	clock?: () => number;
	/** Extensions' slash commands, for the completion list. */
	extraCommands?: readonly MenuCommand[];
};

/** The prompt editor: our own key handling on useInput so every key is under control. */
export function Editor(props: EditorProps) {
	const { active, busy, request, clock = Date.now } = props;
	const [state, dispatch] = useReducer(editorReducer, undefined, () => emptyEditor());
	const [menuIndex, setMenuIndex] = useState(0);
	const last = useRef({ interrupt: -Infinity, escape: -Infinity });
	const menu = completions(state.text, props.extraCommands);
	const selected = Math.min(menuIndex, Math.max(0, menu.length - 1));
	// Ink may call the handler of the previous render for a key that arrives before effects
	// re-subscribe; reading through a ref set at render keeps fast key sequences (typed text then
	// Enter, Ctrl+C Ctrl+C) correct.
	const live = useRef({ text: state.text, menu, selected, busy });
	live.current = { text: state.text, menu, selected, busy };

	// A requested text (a message picked in /tree or /fork) is applied during this render, not in an
	// effect: the editor then shows it in the same frame as the status line that announces it, and a
	// key pressed right after cannot land on the old text.
	const [appliedSeq, setAppliedSeq] = useState<number | undefined>(undefined);
	if (request && request.seq !== appliedSeq) {
		setAppliedSeq(request.seq);
		dispatch({ type: "text-replaced", text: request.text });
	}

	const submit = () => {
		const { text, menu, selected } = live.current;
		const choice = menu[selected];
		if (choice && text !== `/${choice.name}`) {
			dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			if (choice.args) return;
			if (props.onSubmit(`/${choice.name}`)) dispatch({ type: "submitted" });
			return;
		}
		if (text.trim() === "") return;
		if (props.onSubmit(text)) dispatch({ type: "submitted" });
	};

	const interrupt = () => {
		const now = clock();
		if (live.current.busy) props.onAbort();
		if (live.current.text === "" && now - last.current.interrupt < QUIT_WINDOW_MS) return props.onQuit();
		last.current.interrupt = now;
		live.current.text = "";
		dispatch({ type: "cleared" });
		if (!live.current.busy) props.onHint("Press Ctrl+C again to quit");
	};

	const escape = (double: boolean) => {
		const now = clock();
		if (live.current.busy) return props.onAbort();
		if (live.current.text === "" && (double || now - last.current.escape < DOUBLE_ESC_MS)) {
			last.current.escape = -Infinity;
			return props.onOpenTree();
		}
		last.current.escape = now;
	};

	const handle = (intent: EditorIntent) => {
		const { menu, selected } = live.current;
		switch (intent.type) {
			case "edit":
				if (intent.action.type === "text-inserted" || intent.action.type === "backspaced") setMenuIndex(0);
				return dispatch(intent.action);
			case "submit":
				return submit();
			case "interrupt":
				return interrupt();
			case "eof":
				return live.current.text === "" ? props.onQuit() : undefined;
			case "escape":
				return escape(intent.double);
			case "menu-move":
				return setMenuIndex((selected + intent.dir + menu.length) % menu.length);
			case "complete": {
				const choice = menu[selected]!;
				return dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			}
			case "ignore":
				return;
			default: {
				const unreachable: never = intent;
				return unreachable;
			}
		}
	};

	useInput(
		(input, key) => {
			for (const intent of keyIntents(input, key, live.current.menu.length > 0)) handle(intent);
		},
		{ isActive: active },
	);

	return (
		<Box flexDirection="column" marginTop={1}>
			<EditorLines text={state.text} cursor={state.cursor} active={active} width={props.width} />
			<SlashMenu items={menu} selected={selected} />
		</Box>
	);
}
