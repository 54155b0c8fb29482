import { Box, useStdin } from "ink";
import React, { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { completions } from "../commands.js";
import { editExternally } from "../terminal/external-editor.js";
import { useKeys } from "../input/use-keys.js";
import type { KeyEvent } from "../input/key-event.js";
import type { EditorProps } from "./editor-props.js";
import { keysLabel } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { editorReducer, emptyEditor } from "./editor-state.js";
import { editorIntent, type EditorIntent } from "./editor-keys.js";
import { EditorLines } from "./editor-lines.js";
import { SlashMenu, slashMenuRows } from "./slash-menu.js";
import { pasteClipboardPicture, pictureReference } from "../terminal/clipboard-image.js";
import { atToken, completeAt } from "./at-completion.js";
import { AtMenu } from "./at-menu.js";
import { useFileIndex } from "./use-file-index.js";
import { fuzzyPaths } from "../../text/fuzzy-path.js";

/** Rows of the `@` file list. */
const AT_ROWS = 8;
/** A new background walk when the list opens at least this long after the last one ended. */
const REWALK_MS = 10_000;

/** Ctrl+C twice within this window quits; Esc twice within DOUBLE_ESC_MS opens the tree. */
export const QUIT_WINDOW_MS = 1500;
export const DOUBLE_ESC_MS = 500;


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
	const slash = completions(state.text, props.extraCommands);
	const token = atToken(state.text, state.cursor);
	// Esc closes the list for this `@` word; typing on reopens it.
	const [closedAt, setClosedAt] = useState<string | null>(null);
	const atKey = token && `${token.start}:${token.query}`;
	const index = useFileIndex(props.cwd, token !== null && atKey !== closedAt);
	const atOpen = index !== undefined && token !== null && atKey !== closedAt;
	const indexed = index?.files;
	const query = token?.query;
	const files = useMemo(() => (atOpen && indexed && query !== undefined ? fuzzyPaths(indexed, query, AT_ROWS) : []), [atOpen, indexed, query]);
	const menu: readonly unknown[] = slash.length > 0 ? slash : files;
	// The slash menu keeps three rows of the editor's room for the text.
	const slashRows = Math.max(2, (props.rows ?? Number.POSITIVE_INFINITY) - 3);
	const listRows = slash.length > 0 ? slashMenuRows(slash.length, slashRows) : atOpen ? Math.max(1, files.length) + (index?.loading ? 1 : 0) : 0;
	const selected = Math.min(menuIndex, Math.max(0, menu.length - 1));
	useEffect(() => {
		if (atOpen) index?.refresh(REWALK_MS);
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening of the list
	}, [atOpen]);

	const completeFile = () => {
		const path = files[selected];
		if (!path || !token) return;
		const done = completeAt(state.text, state.cursor, token, path);
		setMenuIndex(0);
		dispatch({ type: "text-replaced", text: done.text, cursor: done.cursor });
	};

	// A requested text (a message picked in /tree or /fork) is applied during this render, not in an
	// effect: the editor then shows it in the same frame as the status line that announces it.
	const [appliedSeq, setAppliedSeq] = useState<number | undefined>(undefined);
	if (request && request.seq !== appliedSeq) {
		setAppliedSeq(request.seq);
		dispatch({ type: "text-replaced", text: request.text });
	}

	const submit = () => {
		if (slash.length === 0 && files.length > 0) return completeFile();
		const choice = slash[selected];
		if (choice && state.text !== `/${choice.name}`) {
			dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			if (choice.args) return;
			if (props.onSubmit(`/${choice.name}`)) dispatch({ type: "submitted" });
			return;
		}
		if (state.text.trim() === "") {
			// Enter on an empty editor sends what is queued (left there by an abort).
			if (!busy && (props.queued ?? 0) > 0) props.onSubmit("");
			return;
		}
		if (props.onSubmit(state.text)) dispatch({ type: "submitted" });
	};

	const steer = () => {
		if (!busy || !props.onSteer) return dispatch({ type: "text-inserted", text: "\n" });
		if (state.text.trim() !== "" && props.onSteer(state.text)) dispatch({ type: "submitted" });
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
		if (atOpen && atKey) return setClosedAt(atKey);
		const taken = state.text === "" && (props.queued ?? 0) > 0 ? props.onTakeQueue?.() : null;
		if (taken) return dispatch({ type: "text-replaced", text: taken });
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
			// pi's keys (steerOnEnter): while a reply runs, Enter steers and the steer key queues.
			case "submit":
				return busy && props.steerOnEnter && !state.text.startsWith("/") && menu.length === 0 ? steer() : submit();
			case "interrupt":
				return interrupt();
			case "eof":
				return state.text === "" ? props.onQuit() : undefined;
			case "escape":
				return escape();
			case "menu-move":
				return setMenuIndex((selected + intent.dir + menu.length) % menu.length);
			case "complete": {
				if (slash.length === 0) return completeFile();
				const choice = slash[selected];
				if (!choice) return undefined;
				return dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
			}
			case "external-edit":
				return externalEdit();
			case "cycle-thinking":
				return props.onCycleThinking?.();
			case "cycle-model":
				return props.onCycleModel?.();
			case "paste-image":
				return void pasteClipboardPicture(props.env ?? process.env).then((pasted) =>
					"error" in pasted ? (props.onError ?? props.onHint)(pasted.error) : dispatch({ type: "text-inserted", text: pictureReference(pasted.path) }),
				);
			case "steer":
				return busy && props.steerOnEnter ? submit() : steer();
			case "ignore":
				return;
			default: {
				const unreachable: never = intent;
				return unreachable;
			}
		}
	};

	const own = (event: KeyEvent) => (active ? (props.onTyped?.(), true) : props.takes?.(event) === true);
	useKeys((event) => !(active && props.onShortcut?.(event)) && own(event) && handle(editorIntent(event, menu.length > 0, keymap)), { isActive: active || props.takes !== undefined });

	return (
		<Box flexDirection="column" marginTop={1}>
			<EditorLines text={state.text} cursor={state.cursor} active={active} width={props.width} maxRows={Math.max(3, (props.rows ?? Number.POSITIVE_INFINITY) - listRows)} />
			<SlashMenu items={slash} selected={selected} width={props.width} rows={slashRows} />
			{atOpen && slash.length === 0 && <AtMenu files={files} selected={selected} loading={index?.loading ?? false} query={token?.query ?? ""} width={props.width} />}
		</Box>
	);
}
