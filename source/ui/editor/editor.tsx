import { Box, useStdin } from "ink";
import React, { useReducer, useRef, useState } from "react";
import { completions, type MenuCommand } from "../commands.js";
import { editExternally } from "../terminal/external-editor.js";
import { useKeys } from "../input/use-keys.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { editorReducer, emptyEditor } from "./editor-state.js";
import { editorIntent, type EditorIntent } from "./editor-keys.js";
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
	/** Shift+Tab: the next thinking level. */
	onCycleThinking?(): void;
	request: { text: string; seq: number } | null;
	/** Terminal columns: the `› ` prompt is subtracted before the text wraps. */
	width: number;
	clock?: () => number;
	/** Extensions' slash commands, for the completion list. */
	extraCommands?: readonly MenuCommand[];
	/** Process environment for $VISUAL / $EDITOR (tests pass their own). */
	env?: NodeJS.ProcessEnv;
};

/**
 * The prompt editor. Keys come from the input layer one at a time, each after the previous one
 * was rendered, so the handler below always reads the current text and menu.
 */
export function Editor(props: EditorProps) {
	const { active, busy, request, clock = Date.now } = props;
	const { stdin } = useStdin();
	const keymap = useKeymap();
	const [state, dispatch] = useReducer(editorReducer, undefined, () => emptyEditor());
	const [menuIndex, setMenuIndex] = useState(0);
	const last = useRef({ interrupt: -Infinity, escape: -Infinity });
	const menu = completions(state.text, props.extraCommands);
	const selected = Math.min(menuIndex, Math.max(0, menu.length - 1));

	// A requested text (a message picked in /tree or /fork) is applied during this render, not in an
	// effect: the editor then shows it in the same frame as the status line that announces it.
	const [appliedSeq, setAppliedSeq] = useState<number | undefined>(undefined);
	if (request && request.seq !== appliedSeq) {
		setAppliedSeq(request.seq);
		dispatch({ type: "text-replaced", text: request.text });
	}

	const submit = () => {
		const choice = menu[selected];
		if (choice && state.text !== `/${choice.name}`) {
			dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			if (choice.args) return;
			if (props.onSubmit(`/${choice.name}`)) dispatch({ type: "submitted" });
			return;
		}
		if (state.text.trim() === "") return;
		if (props.onSubmit(state.text)) dispatch({ type: "submitted" });
	};

	const interrupt = () => {
		const now = clock();
		if (busy) props.onAbort();
		if (state.text === "" && now - last.current.interrupt < QUIT_WINDOW_MS) return props.onQuit();
		last.current.interrupt = now;
		dispatch({ type: "cleared" });
		if (!busy) props.onHint(`Press ${keysLabel(keymap, "prompt.clear", { atMost: 1 })} again to quit`);
	};

	const escape = () => {
		const now = clock();
		if (busy) return props.onAbort();
		if (state.text === "" && now - last.current.escape < DOUBLE_ESC_MS) {
			last.current.escape = -Infinity;
			return props.onOpenTree();
		}
		last.current.escape = now;
	};

	const externalEdit = () => {
		const result = editExternally({ text: state.text, env: props.env ?? process.env, stdin, key: keysLabel(keymap, "prompt.externalEditor", { atMost: 1 }) });
		if (result.ok) dispatch({ type: "text-replaced", text: result.text });
		else props.onHint(result.message);
	};

	const handle = (intent: EditorIntent) => {
		switch (intent.type) {
			case "edit":
				if (intent.action.type === "text-inserted" || intent.action.type === "backspaced") setMenuIndex(0);
				return dispatch(intent.action);
			case "submit":
				return submit();
			case "interrupt":
				return interrupt();
			case "eof":
				return state.text === "" ? props.onQuit() : undefined;
			case "escape":
				return escape();
			case "menu-move":
				return setMenuIndex((selected + intent.dir + menu.length) % menu.length);
			case "complete": {
				const choice = menu[selected];
				if (!choice) return undefined;
				return dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			}
			case "external-edit":
				return externalEdit();
			case "cycle-thinking":
				return props.onCycleThinking?.();
			case "ignore":
				return;
			default: {
				const unreachable: never = intent;
				return unreachable;
			}
		}
	};

	useKeys((event) => handle(editorIntent(event, menu.length > 0, keymap)), { isActive: active });

	return (
		<Box flexDirection="column" marginTop={1}>
			<EditorLines text={state.text} cursor={state.cursor} active={active} width={props.width} />
			<SlashMenu items={menu} selected={selected} />
		</Box>
	);
}
