import { useEffect, useMemo, useState, type Dispatch } from "react";
import type { DialogRequest } from "../../extensions/dialogs.js";
import type { ExtensionHost } from "../../extensions/host.js";
import type { OpenDialog } from "./extension-dialog.js";
import type { Chat } from "./use-chat.js";
import { useLatest } from "../widgets/use-latest.js";
import { chordLabel, type Keymap } from "../input/keymap.js";
import type { KeyEvent } from "../input/key-event.js";
import { shortcutOf, usableShortcuts } from "./extension-keys.js";
import type { MenuCommand } from "../commands.js";
import type { AppAction } from "./app-reducer.js";
import type { ChatBridge } from "./chat-bridge.js";

/** What the app needs from the loaded extensions: their commands for the editor, and a runner. */
type ExtensionsUi = {
	commands: readonly MenuCommand[];
	/** Runs `/name args` if an extension registered it; otherwise reports an unknown command. */
	runCommand(name: string, args: string): Promise<void>;
	/** The extension dialog to show now (ctx.ui.confirm/select/input), the first of those waiting. */
	dialog?: OpenDialog;
	/** The extensions' lasting status line parts (ctx.ui.setStatus), in the order their keys were first set. */
	statuses: readonly string[];
	/** The extensions' widgets (ctx.ui.setWidget), in the order their keys were first set. */
	widgets: readonly (readonly string[])[];
	/** Runs the extension shortcut `event` is: true when it was one (the prompt's keys come first). */
	runShortcut(event: KeyEvent): boolean;
	/** The extension shortcuts that work, as /help lists them: [key, description]. */
	shortcutRows: readonly (readonly [string, string])[];
};

let dialogIds = 0;

/** `map` with `key` set to `value`, or removed when it is undefined (a new map: React state). */
function keyed<V>(map: ReadonlyMap<string, V>, key: string, value: V | undefined): ReadonlyMap<string, V> {
	const next = new Map(map);
	if (value === undefined) next.delete(key);
	else next.set(key, value);
	return next;
}

/**
 * The extensions' dialogs, user messages, status parts and widgets (the core's callbacks, through
 * the bridge), their commands and shortcuts. Their notify and warnings reach the status line as the
 * core's events (chat-events.ts), so nothing writes over the Ink frame.
 */
export function useExtensions(host: ExtensionHost | undefined, bridge: ChatBridge, dispatch: Dispatch<AppAction>, chatNow: { chat: Chat; busy: boolean; keymap: Keymap }): ExtensionsUi {
	const latest = useLatest(chatNow);
	const keymap = chatNow.keymap;
	// Dialogs wait their turn: two handlers asking at once get one box after the other.
	const [dialogs, setDialogs] = useState<readonly OpenDialog[]>([]);
	const [statuses, setStatuses] = useState<ReadonlyMap<string, string>>(new Map());
	const [widgets, setWidgets] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
	useEffect(() => {
		const show = (text: string) => setTimeout(() => dispatch({ type: "status-shown", status: { text, kind: "error" } }), 0);
		const dialog = (request: DialogRequest, signal?: AbortSignal) =>
			new Promise<unknown>((resolve) => {
				const open: OpenDialog = {
					id: ++dialogIds,
					request,
					answer: (value) => {
						signal?.removeEventListener("abort", cancel);
						setDialogs((all) => all.filter((d) => d !== open));
						resolve(value);
					},
				};
				// Esc on the turn (the handler's action aborted) closes it unanswered.
				const cancel = () => open.answer(undefined);
				signal?.addEventListener("abort", cancel, { once: true });
				setDialogs((all) => [...all, open]);
			});
		// sendUserMessage: sent as typed and Enter'd; while something runs, queued as Enter (or Alt+Enter: steer) would.
		const send = (text: string, deliverAs: "steer" | "followUp") => {
			const { chat, busy } = latest.current;
			if (!busy) return void chat.send(text);
			const refused = chat.queue(text, deliverAs === "steer" ? "steer" : "follow-up");
			if (refused) show(refused);
		};
		const status = (key: string, text: string | undefined) => setStatuses((now) => keyed(now, key, text));
		const widget = (key: string, lines: string[] | undefined) => setWidgets((now) => keyed(now, key, lines));
		// The core was opened with the bridge's callbacks; notify and warnings come as its events (chat-events.ts).
		return bridge.attach({ dialog, send, status, widget });
	}, [bridge, dispatch, latest]);
	// /reload drops the extensions' commands and loads them again: the list is read anew.
	const [reloads, setReloads] = useState(0);
	// The old extensions' status parts go with them.
	useEffect(() => host?.onReload(() => (setReloads((n) => n + 1), setStatuses(new Map()), setWidgets(new Map()))), [host]);
	const dialog = dialogs[0];
	// Keys extensions added, checked against the keymap in force; those that cannot work are said once.
	// eslint-disable-next-line react-hooks/exhaustive-deps -- reloads: the host's shortcuts changed
	const keys = useMemo(() => usableShortcuts(host?.shortcuts() ?? [], keymap), [host, keymap, reloads]);
	useEffect(() => {
		if (keys.warnings.length > 0) dispatch({ type: "status-shown", status: { text: keys.warnings.join("; "), kind: "error" } });
	}, [keys, dispatch]);
	return useMemo(
		() => ({
			dialog,
			statuses: [...statuses.values()],
			widgets: [...widgets.values()],
			runShortcut: (event: KeyEvent) => {
				const shortcut = shortcutOf(keys.usable, event);
				if (shortcut) void host?.runShortcut(shortcut);
				return shortcut !== undefined;
			},
			shortcutRows: keys.usable.map((u) => [chordLabel(u.chord), u.shortcut.description] as const),
			commands: host?.commands() ?? [],
			runCommand: async (name: string, args: string) => {
				if (await host?.runCommand(name, args)) return;
				dispatch({ type: "status-shown", status: { text: `Unknown command /${name}`, kind: "error" } });
			},
		}),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- reloads: the host's commands changed
		[host, dispatch, reloads, dialog, statuses, widgets, keys],
	);
}
