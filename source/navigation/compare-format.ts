/** The text layout of a branch comparison, shared by `arbor compare` and the tree's compare view. */
import type { SessionTreeView } from "../session/api.js";
import { cutToWidth, padToWidth } from "../text/text-width.js";
import { previewText } from "../tree/preview.js";
import { oneLine } from "../text/one-line.js";
import { stripControls } from "../text/terminal-text.js";
import type { SessionEntry } from "../session/types.js";
import type { BranchComparison } from "./compare.js";
import { counted } from "../text/count.js";

const clean = (text: string) => oneLine(stripControls(text));

function line(view: SessionTreeView, e: SessionEntry): string {
	return `${e.id} ${clean(previewText(view, e))}`;
}

/** Side by side when each column gets at least 40 columns, else one branch after the other. */
export function formatComparison(view: SessionTreeView, c: BranchComparison, width: number): string {
	const ancestor = c.commonAncestorId ? view.getEntry(c.commonAncestorId) : undefined;
	const head = `common ancestor: ${ancestor ? line(view, ancestor) : "(none: separate roots)"}`;
	const a = c.a.map((e) => line(view, e));
	const b = c.b.map((e) => line(view, e));
	const titleA = `A: ${counted(c.a.length, "entry", "entries")}, ends at ${c.a.at(-1)?.id ?? "the ancestor"}`;
	const titleB = `B: ${counted(c.b.length, "entry", "entries")}, ends at ${c.b.at(-1)?.id ?? "the ancestor"}`;
	const col = Math.floor((width - 3) / 2);
	if (col < 40) {
		return [cutToWidth(head, width), "", titleA, ...a.map((l) => `  ${cutToWidth(l, width - 2)}`), "", titleB, ...b.map((l) => `  ${cutToWidth(l, width - 2)}`)].join("\n");
	}
	const rows = [`${padToWidth(titleA, col)} │ ${cutToWidth(titleB, col)}`, `${"─".repeat(col)}─┼─${"─".repeat(col)}`];
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const left = padToWidth(a[i] ?? "", col);
		rows.push(`${left} │ ${cutToWidth(b[i] ?? "", col)}`.trimEnd());
	}
	return [cutToWidth(head, width), "", ...rows].join("\n");
}
