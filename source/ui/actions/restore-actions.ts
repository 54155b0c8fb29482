/** `/undo-restore`: the files back to the safety checkpoint of the newest restore; `/restore` opens the question. */
import { allCheckpoints } from "../../checkpoints/records.js";
import { errorMessage } from "../../text/error-text.js";
import type { AppAction } from "../chat/app-reducer.js";
import type { SessionServices } from "../services.js";

const info = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "info" } });
const error = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "error" } });

/**
 * Restores the working tree recorded by the newest safety checkpoint (taken before each restore);
 * that restore takes its own, so a second /undo-restore redoes the first. The leaf does not move.
 */
export async function undoRestore(ctx: Pick<SessionServices, "store" | "agent" | "dispatch">, busy: boolean): Promise<void> {
	if (busy) return ctx.dispatch(error("Still working — Esc aborts"));
	const checkpointer = ctx.agent.checkpointer;
	if (!checkpointer) return ctx.dispatch(error("Checkpoints are off (--no-checkpoints or \"checkpoints\": false)"));
	const safety = allCheckpoints(ctx.store.snapshot()).filter((c) => c.data.reason === "before-restore").at(-1);
	if (!safety) return ctx.dispatch(error("No restore to undo"));
	try {
		const done = await checkpointer.restore(safety.entryId);
		ctx.dispatch(info(`Files restored to before the last restore (${done?.changes.length ?? 0} changed) · /undo-restore again redoes it`));
	} catch (e) {
		ctx.dispatch(error(`Undo failed: ${errorMessage(e)}`));
	}
}


/**
 * `/restore [entry id]`: the restore question for that entry's file state (default: the current
 * point's), files only: the conversation stays where it is (actions/restore-screen.tsx).
 */
export function openRestore(ctx: Pick<SessionServices, "view" | "agent" | "dispatch"> & { busy: boolean }, args: string): void {
	if (ctx.busy) return ctx.dispatch(error("Still working — Esc aborts"));
	if (!ctx.agent.checkpointer) return ctx.dispatch(error("Checkpoints are off (--no-checkpoints or \"checkpoints\": false)"));
	let targetId: string | null;
	try {
		targetId = args ? ctx.view.resolveId(args) : ctx.view.leafId;
	} catch (e) {
		return ctx.dispatch(error(errorMessage(e)));
	}
	if (targetId === null) return ctx.dispatch(error("Nothing to restore: the session is empty"));
	ctx.dispatch({ type: "restore-opened", targetId });
}
