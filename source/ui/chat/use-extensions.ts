import { useEffect, useMemo, useState, type Dispatch } from "react";
import type { ExtensionHost } from "../../extensions/host.js";
import type { MenuCommand } from "../commands.js";
import type { AppAction } from "./app-reducer.js";

/** What the app needs from the loaded extensions: their commands for the editor, and a runner. */
export type ExtensionsUi = {
	commands: readonly MenuCommand[];
	/** Runs `/name args` if an extension registered it; otherwise reports an unknown command. */
	runCommand(name: string, args: string): Promise<void>;
};

/**
 * Routes the extensions' ctx.ui.notify to the status line (info) and their warnings (a throwing
 * handler) to it as errors while the UI runs, so nothing writes over the Ink frame. Shown on the
 * next tick: a turn_end handler runs before the app ends the turn, which would clear its notice.
 */
export function useExtensions(host: ExtensionHost | undefined, dispatch: Dispatch<AppAction>): ExtensionsUi {
	useEffect(() => {
		const show = (text: string, kind: "info" | "error") => setTimeout(() => dispatch({ type: "status-shown", status: { text, kind } }), 0);
		return host?.attachUi({ notify: (text) => show(text, "info"), warn: (line) => show(line, "error") });
	}, [host, dispatch]);
	// /reload drops the extensions' commands and loads them again: the list is read anew.
	const [reloads, setReloads] = useState(0);
	useEffect(() => host?.onReload(() => setReloads((n) => n + 1)), [host]);
	return useMemo(
		() => ({
			commands: host?.commands() ?? [],
			runCommand: async (name: string, args: string) => {
				if (await host?.runCommand(name, args)) return;
				dispatch({ type: "status-shown", status: { text: `Unknown command /${name}`, kind: "error" } });
			},
		}),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- reloads: the host's commands changed
		[host, dispatch, reloads],
	);
}
