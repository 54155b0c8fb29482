/** `/fanout [N] [--models a,b,c] <prompt>` (docs/fanout.md): checks the words and the session, then opens the fan-out screen. */
import type { AppAction } from "../chat/app-reducer.js";
import type { SessionServices } from "../services.js";
import { parseFanoutArgs } from "./fanout-args.js";

const error = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "error" } });

/** Opens the screen, or says why not (usage, no model, a session not on disk). */
export function fanoutAction(ctx: Pick<SessionServices, "dispatch" | "store"> & { model: unknown; modelHint: string }, words: string): void {
	const args = parseFanoutArgs(words);
	if (typeof args === "string") return ctx.dispatch(error(args));
	if (!ctx.model) return ctx.dispatch(error(ctx.modelHint));
	if (!ctx.store.file) return ctx.dispatch(error("/fanout needs a session saved on disk (not --no-session)"));
	ctx.dispatch({ type: "fanout-opened", args });
}
