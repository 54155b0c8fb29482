import type { Dispatch } from "react";
import type { SessionStoreApi, SessionTreeView } from "../../session/api.js";
import type { AppAction } from "../chat/app-reducer.js";
import { errorMessage } from "../../text/error-text.js";

/** `/export [file]`: the same page as `arbor export`, written from the current snapshot. */
export async function exportAction(
	ctx: { store: SessionStoreApi; view: SessionTreeView; dispatch: Dispatch<AppAction> },
	args: string,
): Promise<void> {
	try {
		// Lazy: the page script is only loaded when someone exports.
		const { exportToFile } = await import("../../export/export-file.js");
		const result = await exportToFile({ view: ctx.view, sessionFile: ctx.store.file, out: args || undefined, cwd: process.cwd() });
		ctx.dispatch({ type: "status-shown", status: { text: `Exported to ${result.file}`, kind: "info" } });
	} catch (failure) {
		ctx.dispatch({ type: "status-shown", status: { text: `Export failed: ${errorMessage(failure)}`, kind: "error" } });
	}
}
