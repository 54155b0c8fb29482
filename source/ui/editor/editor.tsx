import { Box, useStdin } from "ink";
import React, { useReducer, useState } from "react";
import { useKeys } from "../input/use-keys.js";
import type { KeyEvent } from "../input/key-event.js";
import type { EditorProps } from "./editor-props.js";
import { useKeymap } from "../input/use-keymap.js";
import { editorReducer, emptyEditor } from "./editor-state.js";
import { editorIntent } from "./editor-keys.js";
import { EditorLines } from "./editor-lines.js";
import { SlashMenu } from "./slash-menu.js";
import { AtMenu } from "./at-menu.js";
import { useEditorMenus } from "./use-editor-menus.js";
import { useEditorIntents } from "./use-editor-intents.js";

export { DOUBLE_ESC_MS, QUIT_WINDOW_MS } from "./use-editor-intents.js";

/**
 * The prompt editor: its text (editor-state.ts), its lists (useEditorMenus) and what its keys do
 * (useEditorIntents). Keys come from the input layer one at a time, each after the previous one
 * was rendered, so the handler always reads the current text and menu.
 */
export function Editor(props: EditorProps) {
	const { active, request } = props;
	const { stdin } = useStdin();
	const keymap = useKeymap();
	const [state, dispatch] = useReducer(editorReducer, undefined, () => emptyEditor());
	const menus = useEditorMenus(state, dispatch, { extraCommands: props.extraCommands, cwd: props.cwd, rows: props.rows });

	// A requested text (a message picked in /tree or /fork) is applied during this render, not in an
	// effect: the editor then shows it in the same frame as the status line that announces it.
	const [appliedSeq, setAppliedSeq] = useState<number | undefined>(undefined);
	if (request && request.seq !== appliedSeq) {
		setAppliedSeq(request.seq);
		dispatch({ type: "text-replaced", text: request.text });
	}

	const handle = useEditorIntents({ state, dispatch, menus, props, keymap, stdin });
	const own = (event: KeyEvent) => (active ? (props.onTyped?.(), true) : props.takes?.(event) === true);
	useKeys((event) => !(active && props.onShortcut?.(event)) && own(event) && handle(editorIntent(event, menus.items > 0, keymap)), { isActive: active || props.takes !== undefined });

	return (
		<Box flexDirection="column" marginTop={1}>
			<EditorLines text={state.text} cursor={state.cursor} active={active} width={props.width} maxRows={Math.max(3, (props.rows ?? Number.POSITIVE_INFINITY) - menus.listRows)} />
			<SlashMenu items={menus.slash} selected={menus.selected} width={props.width} rows={menus.slashRows} />
			{menus.atOpen && menus.slash.length === 0 && <AtMenu files={menus.files} selected={menus.selected} loading={menus.loading} query={menus.query} width={props.width} />}
		</Box>
	);
}
