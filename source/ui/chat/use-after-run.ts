/**
 * A command (or `!command`) submitted while something runs. While the reply is only finishing (its
 * last step is stored, the turn saves the file state) it waits and runs as soon as the run has
 * settled; while the reply still streams, a compaction or a command runs, it is refused.
 */
import { useEffect, useRef, type Dispatch } from "react";
import { keysLabel, type Keymap } from "../input/keymap.js";
import { useLatest } from "../widgets/use-latest.js";
import type { AppAction, AppState } from "./app-reducer.js";

type Opts = {
	busy: AppState["busy"];
	/** Resolves once the core's runs have settled (use-chat.ts). */
	idle(): Promise<void>;
	dispatch: Dispatch<AppAction>;
	keymap: Keymap;
	/** The chat's submit of the render at hand: a held line goes through it again, as typed. */
	submit(text: string): boolean;
};

/** The submit of a non-prompt line while busy: true when it is held for after the run, false when refused. */
export function useAfterRun({ busy, idle, dispatch, keymap, submit }: Opts): (text: string) => boolean {
	const held = useRef<string[]>([]);
	const latestSubmit = useLatest(submit);
	useEffect(() => {
		if (busy !== null || held.current.length === 0) return;
		const lines = held.current.splice(0);
		void idle().then(() => {
			for (const line of lines) {
				// Refused after all (e.g. another run started meanwhile): the line goes back to the editor.
				if (!latestSubmit.current(line)) dispatch({ type: "editor-text-requested", text: line });
			}
		});
	}, [busy, idle, dispatch, latestSubmit]);
	return (text) => {
		if (busy?.kind === "reply" && busy.finishing === true) {
			held.current.push(text);
			dispatch({ type: "status-shown", status: { text: `${text.split("\n")[0] ?? ""} runs when the turn has finished`, kind: "info" } });
			return true;
		}
		const stop = keysLabel(keymap, "prompt.stop", { atMost: 1 });
		dispatch({ type: "status-shown", status: { text: stop ? `Still working — ${stop} aborts` : "Still working", kind: "error" } });
		return false;
	};
}
