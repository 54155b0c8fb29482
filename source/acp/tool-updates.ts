/**
 * arbor's tool calls as ACP `tool_call` / `tool_call_update` session updates: kind, title, the
 * files they touch (locations, absolute) and, for write/edit, a diff the editor can show. Pure but
 * for one best-effort read: a write's current file content, taken when its call is announced.
 */
import { readFileSync } from "node:fs";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk/unstable";
import { describeToolCall } from "../tools/describe.js";
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
 * The diff of a write or edit, from its arguments: an edit's replaced text and its replacement; a
 * write's new content against the file as it is when the call is announced (null: a new file).
 * `readOld: false` (a replayed call, whose file has changed since) shows a write as new content.
 */
export function toolDiff(name: string, args: unknown, cwd: string, opts: { readOld: boolean }): ToolCallContent[] {
	const a = argsOf(args);
	const path = str(a, "path");
	if (!path) return [];
	const abs = resolvePath(cwd, path);
	if (name === "edit") {
		const oldText = str(a, "oldText");
		const newText = str(a, "newText");
		return oldText !== undefined && newText !== undefined ? [{ type: "diff", path: abs, oldText, newText }] : [];
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
