/**
 * arbor's tool calls as ACP `tool_call` / `tool_call_update` session updates: kind, title, the
 * files they touch (locations, absolute) and, for write/edit, a diff the editor can show. Pure but
 * for one best-effort read: a write's current file content, taken when its call is announced.
 */
import { readFileSync } from "node:fs";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk/unstable";
import { describeToolCall } from "../tools/describe.js";
import { applyRegions } from "../tools/diff.js";
import { editPairs, emptyEdit, planEdits } from "../tools/edit-match.js";
import { resolvePath } from "../tools/paths.js";
import { isToolName } from "../tools/policy.js";

type Args = Record<string, unknown>;
const argsOf = (args: unknown): Args => (typeof args === "object" && args !== null ? (args as Args) : {});
const str = (a: Args, key: string): string | undefined => (typeof a[key] === "string" ? (a[key] as string) : undefined);

/** The ACP kind that gives the editor the right icon. */
export function toolKind(name: string): ToolKind {
	switch (name) {
		case "read":
			return "read";
		case "ls":
		case "grep":
		case "find":
			return "search";
		case "write":
		case "edit":
			return "edit";
		case "bash":
			return "execute";
		default:
			return "other";
	}
}

/** The one-line description arbor prints for the call (`edit src/a.ts`, `bash: npm test`). */
export function toolTitle(name: string, args: unknown): string {
	return isToolName(name) ? describeToolCall(name, args) : name;
}

/** The files a call reads or changes, absolute (ACP wants absolute paths); read's offset as its line. */
export function toolLocations(name: string, args: unknown, cwd: string): ToolCallLocation[] {
	const a = argsOf(args);
	const path = str(a, "path");
	if (name === "bash" || (!path && name !== "ls" && name !== "grep" && name !== "find")) return [];
	const abs = resolvePath(cwd, path ?? ".");
	const line = name === "read" && typeof a.offset === "number" ? a.offset : undefined;
	return [{ path: abs, ...(line !== undefined ? { line } : {}) }];
}

function readOrNull(file: string): string | null {
	try {
		return readFileSync(file, "utf8");
	} catch {
		return null; // a new file (or one the tool will fail to write): shown as created
	}
}

/**
 * The diff of a write or edit as ACP wants it (the file before and after), taken when the call is
 * announced: a write's content against the file as it is (null: a new file); an edit's file with
 * its one replacement made. `readOld: false` (a replayed call, whose file has changed since), or an
 * edit the tool will refuse (text not found or not unique), shows just the replaced text and its
 * replacement, and a write as new content.
 */
export function toolDiff(name: string, args: unknown, cwd: string, opts: { readOld: boolean }): ToolCallContent[] {
	const a = argsOf(args);
	const path = str(a, "path");
	if (!path) return [];
	const abs = resolvePath(cwd, path);
	if (name === "edit") {
		const pairs = editPairs(a);
		if (!pairs) return [];
		const before = opts.readOld && !emptyEdit(pairs) ? readOrNull(abs) : null;
		const plan = before === null ? undefined : planEdits(before, pairs, path);
		if (before !== null && plan?.ok) return [{ type: "diff", path: abs, oldText: before, newText: applyRegions(before, plan.regions) }];
		return pairs.map((p) => ({ type: "diff", path: abs, oldText: p.oldText, newText: p.newText }));
	}
	if (name === "write") {
		const content = str(a, "content");
		return content !== undefined ? [{ type: "diff", path: abs, oldText: opts.readOld ? readOrNull(abs) : null, newText: content }] : [];
	}
	return [];
}

/** The text block of a tool's output. */
export function textContent(text: string): ToolCallContent {
	return { type: "content", content: { type: "text", text } };
}
