import { useRef, type Dispatch } from "react";
import { editExternally } from "../terminal/external-editor.js";
import { keysLabel, type Keymap } from "../input/keymap.js";
import { pasteClipboardPicture, pictureReference } from "../terminal/clipboard-image.js";
import type { EditorProps } from "./editor-props.js";
import type { EditorAction, EditorState } from "./editor-state.js";
import type { EditorIntent } from "./editor-keys.js";
import type { EditorMenus } from "./use-editor-menus.js";

/** Ctrl+C twice within this window quits; Esc twice within DOUBLE_ESC_MS opens the tree. */
export const QUIT_WINDOW_MS = 1500;
export const DOUBLE_ESC_MS = 500;

type Ctx = { state: EditorState; dispatch: Dispatch<EditorAction>; menus: EditorMenus; props: EditorProps; keymap: Keymap; stdin: NodeJS.ReadStream };

/** Enter: a menu's choice, the queue (empty editor), or the text. */
function submit({ state, dispatch, menus, props }: Ctx): void {
	const { slash, selected } = menus;
	if (slash.length === 0 && menus.files.length > 0) return menus.completeFile();
	const choice = slash[selected];
	if (choice && state.text !== `/${choice.name}`) {
		dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
		if (choice.args) return;
		if (props.onSubmit(`/${choice.name}`)) dispatch({ type: "submitted" });
		return;
	}
	if (state.text.trim() === "") {
		// Enter on an empty editor sends what is queued (left there by an abort).
		if (!props.busy && (props.queued ?? 0) > 0) props.onSubmit("");
		return;
	}
	if (props.onSubmit(state.text)) dispatch({ type: "submitted" });
}

function steer({ state, dispatch, props }: Ctx): void {
	if (!props.busy || !props.onSteer) return dispatch({ type: "text-inserted", text: "\n" });
	if (state.text.trim() !== "" && props.onSteer(state.text)) dispatch({ type: "submitted" });
}

/** Esc: closes the `@` list, takes the queue back, aborts, or (twice on an empty editor) opens the tree. */
function escape(ctx: Ctx, last: { escape: number }, now: number): void {
	const { state, dispatch, props } = ctx;
	if (ctx.menus.closeAt()) return;
	const taken = state.text === "" && (props.queued ?? 0) > 0 ? props.onTakeQueue?.() : null;
	if (taken) return dispatch({ type: "text-replaced", text: taken });
	if (props.busy) return props.onAbort();
	if (state.text === "" && now - last.escape < DOUBLE_ESC_MS) {
		last.escape = -Infinity;
		return props.onOpenTree();
	}
	last.escape = now;
}

/** Ctrl+C: aborts a reply, clears the text, quits when pressed twice on an empty editor. */
function interrupt({ state, dispatch, props, keymap }: Ctx, last: { interrupt: number }, now: number): void {
	if (props.busy) props.onAbort();
	if (state.text === "" && now - last.interrupt < QUIT_WINDOW_MS) return props.onQuit();
	last.interrupt = now;
	dispatch({ type: "cleared" });
	if (!props.busy) props.onHint(`Press ${keysLabel(keymap, "prompt.clear", { atMost: 1 })} again to quit`);
}

function externalEdit({ state, dispatch, props, keymap, stdin }: Ctx): void {
	const result = editExternally({ text: state.text, env: props.env ?? process.env, stdin, key: keysLabel(keymap, "prompt.externalEditor", { atMost: 1 }) });
	if (result.ok) dispatch({ type: "text-replaced", text: result.text });
	else props.onHint(result.message);
}

function complete({ dispatch, menus }: Ctx): void {
	if (menus.slash.length === 0) return menus.completeFile();
	const choice = menus.slash[menus.selected];
	if (choice) dispatch({ type: "text-replaced", text: `/${choice.name}${choice.args ? " " : ""}` });
}

/** What each of the editor's key intents does (editor-keys.ts turns keys into intents). */
export function useEditorIntents(ctx: Ctx): (intent: EditorIntent) => void {
	const last = useRef({ interrupt: -Infinity, escape: -Infinity });
	const { state, dispatch, menus, props } = ctx;
	const clock = props.clock ?? Date.now;
	return (intent) => {
		switch (intent.type) {
			case "edit":
				if (intent.action.type === "text-inserted" || intent.action.type === "backspaced") menus.select(0);
				return dispatch(intent.action);
			// pi's keys (steerOnEnter): while a reply runs, Enter steers and the steer key queues.
			case "submit":
				return props.busy && props.steerOnEnter && !state.text.startsWith("/") && menus.items === 0 ? steer(ctx) : submit(ctx);
			case "interrupt":
				return interrupt(ctx, last.current, clock());
			case "eof":
				return state.text === "" ? props.onQuit() : undefined;
			case "escape":
				return escape(ctx, last.current, clock());
			case "menu-move":
				return menus.select((menus.selected + intent.dir + menus.items) % menus.items);
			case "complete":
				return complete(ctx);
			case "external-edit":
				return externalEdit(ctx);
			case "cycle-thinking":
				return props.onCycleThinking?.();
			case "cycle-model":
				return props.onCycleModel?.();
			case "paste-image":
				return void pasteClipboardPicture(props.env ?? process.env).then((pasted) =>
					"error" in pasted ? (props.onError ?? props.onHint)(pasted.error) : dispatch({ type: "text-inserted", text: pictureReference(pasted.path) }),
				);
			case "steer":
				return props.busy && props.steerOnEnter ? submit(ctx) : steer(ctx);
			case "ignore":
				return;
			default: {
				const unreachable: never = intent;
				return unreachable;
			}
		}
	};
}
