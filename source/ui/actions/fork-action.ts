/** /fork and /clone: the core's verbs, with what the status line says. */
import type { SwitchSession } from "../chat/use-session-switch.js";
import { savedFile } from "../chat/use-session-switch.js";

/**
 * /fork after the picker (and the restore question): a new session holding root → parent of the
 * chosen message, its text in the editor. `restored`: what the files' restore did, said after.
 */
export function forkAtMessage(switchSession: SwitchSession, messageId: string, restored = ""): Promise<boolean> {
	return switchSession((agent) => agent.fork(messageId), {
		done: (agent) => {
			const file = savedFile(agent);
			return `${file ? `Forked into ${file}` : "Forked into a new session (saved at its first reply)"}${restored}`;
		},
		cancelled: "Fork cancelled by an extension",
	});
}

/** /clone: a new session holding the whole current branch (root → leaf), an empty editor. */
export function cloneBranch(switchSession: SwitchSession): Promise<boolean> {
	return switchSession((agent) => agent.clone(), {
		done: (agent) => `Cloned this branch into ${agent.store.file ?? "a new session"}`,
		cancelled: "Clone cancelled by an extension",
	});
}
