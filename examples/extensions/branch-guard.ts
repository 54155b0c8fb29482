/**
 * Guards labelled branches: a /tree move (or `arbor navigate`, or print mode's `--at`) that would
 * leave a branch carrying a label is cancelled once, with a notice. Repeating the same move
 * confirms it (the UI keeps the extension loaded between moves); scripts confirm with
 * ARBOR_GUARD_CONFIRM=1.
 */
import type { ExtensionAPI } from "arbor/extensions";

export default function (arbor: ExtensionAPI) {
	let warnedFor: string | undefined;
	arbor.on("session_before_tree", (event, ctx) => {
		// The label nearest the leaf names the branch being left.
		const labelled = [...event.entriesToSummarize]
			.reverse()
			.map((entry) => ctx.session.label(entry.id))
			.find((label) => label !== undefined);
		if (labelled === undefined) return;
		const move = `${event.oldLeafId}→${event.targetId}`;
		if (process.env.ARBOR_GUARD_CONFIRM === "1" || warnedFor === move) {
			warnedFor = undefined;
			return;
		}
		warnedFor = move;
		ctx.ui.notify(`guard: this leaves the labelled branch "${labelled}" — repeat the move (or set ARBOR_GUARD_CONFIRM=1) to confirm`);
		return { cancel: true };
	});
}
