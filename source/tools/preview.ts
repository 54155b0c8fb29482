/**
 * What a confirmation prompt shows under "Allow …?": the diff an edit would make, the content a
 * write would put in the file, the whole bash command (the prompt scrolls through it). Read-only;
 * never throws (a file that cannot be read just gives a shorter preview, and the tool itself
 * reports the problem).
 */
import { readFile } from "node:fs/promises";
import { replacementsDiff } from "./diff.js";
import { editPairs, emptyEdit, planEdits } from "./edit-match.js";
import type { ToolName } from "./policy.js";
import { resolvePath } from "./paths.js";
import { counted } from "../text/count.js";

/**
 * Lines of a preview at most: the confirmation scrolls (↑/↓, PgUp/PgDn), so this only bounds the
 * memory a pathological call can take; the rest is counted.
 */
const PREVIEW_LINES = 10_000;

function head(text: string, n = PREVIEW_LINES): string {
	const lines = text.replace(/\n$/, "").split("\n");
	return lines.length > n ? `${lines.slice(0, n).join("\n")}\n… ${counted(lines.length - n, "more line")}` : lines.join("\n");
}

async function readText(cwd: string, path: string): Promise<string | undefined> {
	try {
		return await readFile(resolvePath(cwd, path), "utf8");
	} catch {
		return undefined; // missing or unreadable: the tool reports it when it runs
	}
}

async function editPreview(cwd: string, a: Record<string, unknown>): Promise<string | undefined> {
	const { path } = a;
	const pairs = editPairs(a);
	if (typeof path !== "string" || !pairs || emptyEdit(pairs)) return undefined;
	const before = await readText(cwd, path);
	if (before === undefined) return `${path}: no such file (the edit will fail)`;
	const plan = planEdits(before, pairs, path);
	if (plan.ok) return head(replacementsDiff(path, before, plan.regions));
	const pair = pairs[plan.edit ?? 0];
	const which = pairs.length > 1 ? `edits[${plan.edit ?? 0}]: ` : "";
	const why = plan.count === undefined ? plan.message : `${which}the text to replace is ${plan.count === 0 ? "not found" : "not unique"}`;
	return head(`--- ${path}: ${why}\n-${(pair?.oldText ?? "").replace(/\n/g, "\n-")}\n+${(pair?.newText ?? "").replace(/\n/g, "\n+")}`);
}

async function writePreview(cwd: string, a: Record<string, unknown>): Promise<string | undefined> {
	if (typeof a.path !== "string" || typeof a.content !== "string") return undefined;
	const existing = await readText(cwd, a.path);
	const what = existing === undefined ? `new file ${a.path}` : `replaces ${a.path} (${counted(existing.split("\n").length, "line")} now)`;
	return `${what}:\n${head(a.content)}`;
}

/** The preview for a tool call that needs confirmation; undefined when there is nothing to add. */
export async function previewToolCall(name: ToolName, args: unknown, cwd: string): Promise<string | undefined> {
	const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
	switch (name) {
		case "edit":
			return editPreview(cwd, a);
		case "write":
			return writePreview(cwd, a);
		case "bash":
			return typeof a.command === "string" ? head(`$ ${a.command}`) : undefined;
		default:
			return undefined;
	}
}
