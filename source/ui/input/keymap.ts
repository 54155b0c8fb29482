// Over 200 lines: the one table of every action and its keys (issue 16: keys in one place).
import type { KeyEvent } from "./key-event.js";

/**
 * The one keymap: every bindable action, the screen it applies to, its default keys and what it
 * does. Key handlers, the help view, the screens' hint lines and the key tables of docs/keybindings.md all come
 * from this table; `$ARBOR_HOME/keybindings.json` replaces the keys of the actions it names
 * (keybindings.ts). Pure: no React, no files.
 */
export type KeyScreen = "line editing" | "prompt" | "tree" | "lists" | "dialogs" | "compare" | "session picker" | "tool confirmation" | "help" | "fan-out";

export type ActionSpec = { screen: KeyScreen; keys: readonly string[]; does: string };

export const KEY_ACTIONS = {
	// Every text field: the prompt, the tree's label editor, the pickers' search and rename fields, custom summary instructions.
	"line.left": { screen: "line editing", keys: ["left"], does: "cursor left" },
	"line.right": { screen: "line editing", keys: ["right"], does: "cursor right" },
	"line.wordLeft": { screen: "line editing", keys: ["ctrl+left", "alt+left", "alt+b"], does: "a word left" },
	"line.wordRight": { screen: "line editing", keys: ["ctrl+right", "alt+right", "alt+f"], does: "a word right" },
	"line.start": { screen: "line editing", keys: ["home", "ctrl+a"], does: "start of the line" },
	"line.end": { screen: "line editing", keys: ["end", "ctrl+e"], does: "end of the line" },
	"line.deleteBackward": { screen: "line editing", keys: ["backspace"], does: "delete the character before the cursor" },
	"line.deleteForward": { screen: "line editing", keys: ["delete"], does: "delete the character under the cursor" },
	"line.deleteLine": { screen: "line editing", keys: ["ctrl+u"], does: "delete the line" },
	"line.newLine": { screen: "line editing", keys: ["shift+enter", "ctrl+j", "ctrl+enter"], does: "new line (the prompt, custom summary instructions)" },
	// The prompt editor.
	"prompt.send": { screen: "prompt", keys: ["enter"], does: "send (with the @file list open: complete); while a reply runs: queue the message, sent when the turn ends (on an empty editor: send what is queued)" },
	"prompt.steer": { screen: "prompt", keys: ["alt+enter"], does: "while a reply runs: steer — the message is delivered after the running tool, before the model continues; otherwise a new line" },
	"prompt.stop": { screen: "prompt", keys: ["escape"], does: "close the @file list; stop the reply (also at a tool confirmation); on an empty editor: take queued messages back into the editor, else twice: open the tree" },
	"prompt.clear": { screen: "prompt", keys: ["ctrl+c"], does: "clear; twice quits" },
	"prompt.quit": { screen: "prompt", keys: ["ctrl+d"], does: "quit (empty editor)" },
	"prompt.externalEditor": { screen: "prompt", keys: ["ctrl+g"], does: "edit the draft in $VISUAL / $EDITOR" },
	"prompt.cycleThinking": { screen: "prompt", keys: ["shift+tab"], does: "next thinking level: off, minimal, low, medium, high (reasoning models)" },
	"prompt.cycleModel": { screen: "prompt", keys: ["ctrl+p"], does: "next model for the next turn, among those /model lists that this run can use" },
	"prompt.pasteImage": { screen: "prompt", keys: ["ctrl+v"], does: "attach the clipboard's picture (a screenshot) as @path: read with wl-paste, xclip or osascript" },
	"prompt.complete": { screen: "prompt", keys: ["tab"], does: "complete the slash command or the @file (else two spaces)" },
	"prompt.previous": { screen: "prompt", keys: ["up"], does: "earlier prompts (empty editor), the line above, the slash menu or @file list" },
	"prompt.next": { screen: "prompt", keys: ["down"], does: "later prompts, the line below, the slash menu or @file list" },
	"prompt.expand": { screen: "prompt", keys: ["ctrl+o"], does: "expand / collapse every item of the transcript: whole reasoning, tool arguments and output, diffs, summaries (printed again below; the scrollback keeps the earlier form)" },
	// /tree.
	"tree.up": { screen: "tree", keys: ["up"], does: "move up (wraps)" },
	"tree.down": { screen: "tree", keys: ["down"], does: "move down (wraps)" },
	"tree.pageUp": { screen: "tree", keys: ["left", "pageup"], does: "a page up" },
	"tree.pageDown": { screen: "tree", keys: ["right", "pagedown"], does: "a page down" },
	"tree.first": { screen: "tree", keys: ["home"], does: "first row" },
	"tree.last": { screen: "tree", keys: ["end"], does: "last row" },
	"tree.fold": { screen: "tree", keys: ["ctrl+left", "alt+left", "alt+b"], does: "fold; on a folded or plain row: the previous branch point" },
	"tree.unfold": { screen: "tree", keys: ["ctrl+right", "alt+right", "alt+f"], does: "unfold; on an open or plain row: the next branch point" },
	"tree.select": { screen: "tree", keys: ["enter", "ctrl+enter"], does: "select" },
	"tree.back": { screen: "tree", keys: ["escape"], does: "clear the search (the match stays selected), else close" },
	"tree.close": { screen: "tree", keys: ["ctrl+c"], does: "close" },
	"tree.filterUser": { screen: "tree", keys: ["ctrl+u"], does: "user messages only ↔ default" },
	"tree.filterAll": { screen: "tree", keys: ["ctrl+o"], does: "everything ↔ default" },
	"tree.filterNoTools": { screen: "tree", keys: ["ctrl+t"], does: "hide tool results ↔ default" },
	"tree.filterLabeled": { screen: "tree", keys: ["ctrl+l"], does: "labelled entries only ↔ default" },
	"tree.label": { screen: "tree", keys: ["shift+l"], does: "edit the selected entry's label (empty removes it)" },
	"tree.labelTimes": { screen: "tree", keys: ["shift+t"], does: "show / hide when each label was set" },
	"tree.mark": { screen: "tree", keys: ["shift+c"], does: "mark the selected entry; on another entry: compare the two (again on the marked one: unmark)" },
	"tree.merge": { screen: "tree", keys: ["shift+m"], does: "merge the selected entry's branch into the current branch" },
	"tree.forget": { screen: "tree", keys: ["shift+x"], does: "leave the selected message out of what the model is sent from here on, on this branch (pi's context_edit, as /forget)" },
	"tree.erase": { screen: "tree", keys: ["backspace", "delete"], does: "delete the search's last character" },
	// Lists: the pickers, /search's hits, the summary prompt.
	"list.up": { screen: "lists", keys: ["up"], does: "move up (wraps)" },
	"list.down": { screen: "lists", keys: ["down"], does: "move down (wraps)" },
	"list.pageUp": { screen: "lists", keys: ["pageup"], does: "a page up" },
	"list.pageDown": { screen: "lists", keys: ["pagedown"], does: "a page down" },
	"list.first": { screen: "lists", keys: ["home"], does: "first row" },
	"list.last": { screen: "lists", keys: ["end"], does: "last row" },
	"list.scope": { screen: "lists", keys: ["tab"], does: "this folder ↔ every folder (/resume, /search)" },
	// Every picker, prompt, field and spinner outside the chat.
	"dialog.accept": { screen: "dialogs", keys: ["enter"], does: "choose, open, save or submit" },
	"dialog.cancel": { screen: "dialogs", keys: ["escape", "ctrl+c"], does: "cancel: close, go back a step, stop a summary, a merge or a comparison" },
	// The comparison in /tree.
	"compare.up": { screen: "compare", keys: ["up"], does: "scroll up" },
	"compare.down": { screen: "compare", keys: ["down"], does: "scroll down" },
	"compare.pageUp": { screen: "compare", keys: ["pageup"], does: "a page up" },
	"compare.pageDown": { screen: "compare", keys: ["pagedown"], does: "a page down" },
	"compare.summarize": { screen: "compare", keys: ["s"], does: "ask the summary model for a comparison" },
	// /fanout's comparison (↑/↓ choose, Enter keeps, Esc leaves or is done: the lists' and dialogs' keys).
	"fanout.diff": { screen: "fan-out", keys: ["d"], does: "show the chosen branch's diff against the start" },
	"fanout.merge": { screen: "fan-out", keys: ["shift+m"], does: "merge the chosen branch's conclusions into the kept one (Enter keeps one first)" },
	// A tool confirmation (write, edit, bash).
	"confirm.yes": { screen: "tool confirmation", keys: ["y"], does: "allow this call" },
	"confirm.no": { screen: "tool confirmation", keys: ["n"], does: "refuse this call (the turn goes on)" },
	"confirm.always": { screen: "tool confirmation", keys: ["a"], does: "allow this tool for the rest of the session" },
	"confirm.previous": { screen: "tool confirmation", keys: ["left", "shift+tab"], does: "the previous choice (Enter answers)" },
	"confirm.next": { screen: "tool confirmation", keys: ["right", "tab"], does: "the next choice" },
	"confirm.up": { screen: "tool confirmation", keys: ["up"], does: "scroll the diff or content up" },
	"confirm.down": { screen: "tool confirmation", keys: ["down"], does: "scroll the diff or content down" },
	"confirm.pageUp": { screen: "tool confirmation", keys: ["pageup"], does: "a page up" },
	"confirm.pageDown": { screen: "tool confirmation", keys: ["pagedown"], does: "a page down" },
	"confirm.first": { screen: "tool confirmation", keys: ["home"], does: "top of the diff or content" },
	"confirm.last": { screen: "tool confirmation", keys: ["end"], does: "end of the diff or content" },
	// /resume.
	"picker.rename": { screen: "session picker", keys: ["ctrl+r"], does: "rename the session" },
	"picker.trash": { screen: "session picker", keys: ["ctrl+d"], does: "move the session to the trash (asks first)" },
	"picker.trashYes": { screen: "session picker", keys: ["y"], does: "at the trash question: move it (any other key keeps it)" },
	// /help.
	"help.close": { screen: "help", keys: ["any"], does: "close /help (taller than the terminal, it scrolls with the lists' keys)" },
} as const satisfies Record<string, ActionSpec>;

export type KeyAction = keyof typeof KEY_ACTIONS;

/**
 * Screens that take keys at the same time besides themselves: a key may not be bound twice in one
 * screen nor in two of these. Elsewhere the screen's own keys come first (a picker's Home moves
 * the list, not the search field's cursor).
 */
export const LIVE_TOGETHER: readonly (readonly [KeyScreen, KeyScreen])[] = [
	["line editing", "prompt"],
	["line editing", "dialogs"],
	["lists", "dialogs"],
	["lists", "session picker"],
	["dialogs", "session picker"],
	["compare", "dialogs"],
	["tool confirmation", "dialogs"],
	["fan-out", "lists"],
	["fan-out", "dialogs"],
];

/** One key: a key name (`return`, `left`, …) or one character, and its modifiers. */
export type Chord = { name: string; ctrl: boolean; alt: boolean; shift: boolean };

export type Keymap = { readonly [A in KeyAction]: readonly Chord[] };

const NAMES: Record<string, string> = {
	enter: "return", return: "return", escape: "escape", esc: "escape", tab: "tab", backspace: "backspace", delete: "delete", insert: "insert",
	up: "up", down: "down", left: "left", right: "right", home: "home", end: "end", pageup: "pageup", pagedown: "pagedown", space: " ", any: "any",
};

/** `any`: every key, typed text and paste (/help closes on any key); it takes no modifier. */
const ANY = "any";

/** `ctrl+shift+x`, `alt+b`, `pageUp`, `s` → a chord; a reason when the text names no key. */
export function parseChord(spec: string): Chord | string {
	const parts = spec.toLowerCase().split("+");
	const last = parts.pop() ?? "";
	const key = last === "" && spec.endsWith("+") ? "+" : last;
	const mods = { ctrl: false, alt: false, shift: false };
	for (const mod of parts.filter((p, i) => !(p === "" && i === parts.length - 1 && key === "+"))) {
		if (mod !== "ctrl" && mod !== "alt" && mod !== "shift") return `"${spec}": unknown modifier "${mod}" (ctrl, alt, shift)`;
		if (mods[mod]) return `"${spec}": ${mod} twice`;
		mods[mod] = true;
	}
	const name = NAMES[key] ?? ([...key].length === 1 && key.trim() !== "" ? key : undefined);
	if (name === undefined) return `"${spec}": unknown key "${key}"`;
	if (name === ANY && (mods.ctrl || mods.alt || mods.shift)) return `"${spec}": "any" takes no modifier`;
	return { name, ...mods };
}

function chordsOf(keys: readonly string[]): Chord[] {
	return keys.map((k) => {
		const chord = parseChord(k);
		if (typeof chord === "string") throw new Error(`internal error: default key ${chord}`);
		return chord;
	});
}

export const DEFAULT_KEYMAP: Keymap = Object.fromEntries(
	Object.entries(KEY_ACTIONS).map(([action, spec]) => [action, chordsOf(spec.keys)]),
) as unknown as Keymap;

const isChar = (chord: Chord) => [...chord.name].length === 1;

/**
 * Typed text as a one-key answer (the tool confirmation, the trash question): its first character,
 * either case — a fast-typed run answers with its first key, `Y` is `y`.
 */
export function answerOf<A extends KeyAction>(keymap: Keymap, actions: readonly A[], event: KeyEvent): A | undefined {
	if (event.kind !== "text") return actionOf(keymap, actions, event);
	const first = [...event.text][0] ?? "";
	return actionOf(keymap, actions, { kind: "text", text: first }) ?? actionOf(keymap, actions, { kind: "text", text: first.toLowerCase() });
}

/**
 * Whether `event` is `chord`, modifiers and all. A character with Shift only is typed text
 * (`shift+l` is `L`).
 */
export function exact(chord: Chord, event: KeyEvent): boolean {
	if (chord.name === ANY) return true;
	if (event.kind === "paste") return false;
	if (event.kind === "text") {
		if (chord.ctrl || chord.alt || !isChar(chord)) return false;
		return event.text === (chord.shift ? chord.name.toUpperCase() : chord.name);
	}
	const name = isChar(chord) && !chord.ctrl && !chord.alt ? undefined : chord.name;
	return event.name === name && event.ctrl === chord.ctrl && event.alt === chord.alt && event.shift === chord.shift;
}

/**
 * Keys whose modifiers mean nothing unless bound: Shift+← moves like ← (Ctrl+Shift+← like Ctrl+←),
 * Ctrl+Backspace deletes like Backspace, and Alt+Esc (a quick Esc Esc) is Esc. Tab and Enter with
 * a modifier stay keys of their own (Shift+Tab, Shift+Enter).
 */
const MODIFIERS_IGNORED = new Set(["up", "down", "left", "right", "home", "end", "pageup", "pagedown", "backspace", "delete", "escape"]);

/** The first of `actions` bound to `event`, or undefined (see MODIFIERS_IGNORED). */
export function actionOf<A extends KeyAction>(keymap: Keymap, actions: readonly A[], event: KeyEvent): A | undefined {
	const find = (e: KeyEvent) => actions.find((a) => keymap[a].some((chord) => exact(chord, e)));
	const found = find(event);
	if (found || event.kind !== "key") return found;
	if (!MODIFIERS_IGNORED.has(event.name)) return undefined;
	return (event.shift ? find({ ...event, shift: false }) : undefined) ?? find({ ...event, shift: false, alt: false, ctrl: false });
}

export const isAction = (keymap: Keymap, action: KeyAction, event: KeyEvent): boolean => actionOf(keymap, [action], event) !== undefined;

/** Whether `event` is one of `action`'s keys, modifiers and all: none is ignored (Ctrl+Esc is not Esc). */
const isExactly = (keymap: Keymap, action: KeyAction, event: KeyEvent): boolean => keymap[action].some((chord) => exact(chord, event));

/** "Cancel" (Esc or Ctrl+C unless rebound): closes a picker, goes back a step, stops a running summary. */
export const isCancel = (event: KeyEvent, keymap: Keymap = DEFAULT_KEYMAP): boolean => isAction(keymap, "dialog.cancel", event);

/**
 * Cancel without Esc's modifiers ignored: /search's hits and the comparison close on a plain Esc
 * only, as they did before the keymap (a modified Esc there was no key).
 */
export const isPlainCancel = (event: KeyEvent, keymap: Keymap = DEFAULT_KEYMAP): boolean => isExactly(keymap, "dialog.cancel", event);

const SHOWN: Record<string, string> = {
	return: "Enter", escape: "Esc", tab: "Tab", backspace: "Backspace", delete: "Delete", insert: "Insert", up: "↑", down: "↓", left: "←", right: "→",
	home: "Home", end: "End", pageup: "PgUp", pagedown: "PgDn", " ": "Space", any: "any key",
};

/** How a chord is written for people: `Ctrl+U`, `Shift+L`, `Alt+←`, `Enter`, `s`. */
export function chordLabel(chord: Chord): string {
	const key = SHOWN[chord.name] ?? (chord.ctrl || chord.alt || chord.shift ? chord.name.toUpperCase() : chord.name);
	return [chord.ctrl && "Ctrl", chord.alt && "Alt", chord.shift && "Shift", key].filter(Boolean).join("+");
}

/** An action's keys for people, `sep` between them; `at most` keeps the first few (hint lines). */
export function keysLabel(keymap: Keymap, action: KeyAction, opts: { sep?: string; atMost?: number } = {}): string {
	return keymap[action].slice(0, opts.atMost).map(chordLabel).join(opts.sep ?? ", ");
}

/** One item of a hint line: the actions' first keys run together (`↑↓`), then what they do. */
export type HintItem = readonly [actions: readonly KeyAction[], label: string, opts?: { sep?: string; atMost?: number }];

/**
 * A screen's hint line (`↑↓ move · Enter select · … · Esc close`) from the keymap. An item with an
 * empty label shares the next item's (`↑↓ PgUp PgDn scroll`); an action without keys is left out.
 */
export function hintLine(keymap: Keymap, items: readonly HintItem[]): string {
	let line = "";
	let sep = "";
	for (const [actions, label, opts] of items) {
		const keys = actions.length === 1 && actions[0] ? keysLabel(keymap, actions[0], { atMost: 1, ...opts }) : actions.map((a) => keysLabel(keymap, a, { atMost: 1 })).join("");
		if (keys === "") continue;
		line += `${sep}${keys}${label ? ` ${label}` : ""}`;
		sep = label ? " · " : " ";
	}
	return line;
}

/**
 * docs/keybindings.md's key table for `screens`, in that order and the keymap's within each: `| key | action |`,
 * with a `where` column when it covers more than one screen.
 */
export function keyTable(keymap: Keymap, screens: readonly KeyScreen[]): string {
	const all = Object.entries(KEY_ACTIONS) as [KeyAction, ActionSpec][];
	const many = screens.length > 1;
	const rows = screens.flatMap((screen) =>
		all.filter(([, spec]) => spec.screen === screen).map(([action, spec]) => `| ${keysLabel(keymap, action) || "(unbound)"} |${many ? ` ${screen} |` : ""} ${spec.does} |`),
	);
	return [many ? "| key | where | action |" : "| key | action |", many ? "|---|---|---|" : "|---|---|", ...rows].join("\n");
}

/** docs/keybindings.md's table of every action: its name for keybindings.json, default keys, screen, what it does. */
export function actionTable(): string {
	const rows = (Object.entries(KEY_ACTIONS) as [KeyAction, ActionSpec][]).map(
		([action, spec]) => `| \`${action}\` | ${spec.keys.map((k) => `\`${k}\``).join(", ") || "(none)"} | ${spec.screen} | ${spec.does} |`,
	);
	return ["| action | default keys | where | what it does |", "|---|---|---|---|", ...rows].join("\n");
}
