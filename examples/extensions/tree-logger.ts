/**
 * Logs every completed tree move as one JSON line: to $ARBOR_TREE_LOG, or by default to
 * `.arbor/tree-moves.jsonl` in the working directory.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ExtensionAPI } from "arbor/extensions";

export default function (arbor: ExtensionAPI) {
	arbor.on("session_tree", (event, ctx) => {
		const file = process.env.ARBOR_TREE_LOG ?? join(ctx.cwd, ".arbor", "tree-moves.jsonl");
		const line = {
			time: new Date().toISOString(),
			mode: ctx.mode,
			session: ctx.session.file ?? null,
			oldLeafId: event.oldLeafId,
			newLeafId: event.newLeafId,
			summaryEntryId: event.summaryEntry?.id ?? null,
			fromHook: event.fromHook ?? false,
		};
		mkdirSync(dirname(file), { recursive: true });
		appendFileSync(file, `${JSON.stringify(line)}\n`);
	});
}
