/** `/sync`: `arbor sync` from the chat (source/sync/), with its progress and outcome in the status line. */
import type { Dispatch } from "react";
import { arborHome } from "../../session/paths.js";
import { errorMessage } from "../../text/error-text.js";
import { reportText } from "../../sync/report.js";
import { runSync } from "../../sync/sync.js";
import type { AppAction } from "../chat/app-reducer.js";

const info = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "info" } });

/** Syncs the chat's project through `args` (a remote's name or URL; empty: settings, else origin). */
export async function syncAction(ctx: { where: { cwd: string }; dispatch: Dispatch<AppAction> }, args: string): Promise<void> {
	ctx.dispatch(info("sync: starting…"));
	try {
		const report = await runSync({ cwd: ctx.where.cwd, home: arborHome(), remote: args.trim() || undefined, onProgress: (text) => ctx.dispatch(info(text)) });
		const busy = report.sessions.some((s) => s.busy) ? " · a session another arbor is writing gets its new entries at a later sync" : "";
		ctx.dispatch(info(`${reportText(report).split("\n")[0] ?? ""}${busy}`));
	} catch (e) {
		ctx.dispatch({ type: "status-shown", status: { text: `Sync failed: ${errorMessage(e)}`, kind: "error" } });
	}
}
