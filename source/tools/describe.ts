/** One-line descriptions of tool calls for progress lines and confirmation prompts. */
import { firstLine } from "../text/one-line.js";
import { isToolName, type ToolName } from "./policy.js";

const MAX = 100;

/**
 * E.g. `read src/a.ts`, `bash: npm test`, `edit src/x.ts`, `grep "foo" in src`; an extension's
 * tool (any other name) as its name and its arguments' JSON: `deploy {"env":"staging"}`.
 */
export function describeToolCall(name: ToolName | string, args: unknown): string {
	if (!isToolName(name)) return clip(`${name} ${argumentsText(args)}`.trimEnd());
	const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
	const str = (k: string): string | undefined => (typeof a[k] === "string" ? (a[k] as string) : undefined);
	switch (name) {
		case "read": {
			const offset = typeof a.offset === "number" ? `:${a.offset}` : "";
			return clip(`read ${str("path") ?? "?"}${offset}`);
		}
		case "ls":
			return clip(`ls ${str("path") ?? "."}`);
		case "grep": {
			const where = str("path") ? ` in ${str("path")}` : "";
			const glob = str("glob") ? ` (${str("glob")})` : "";
			return clip(`grep ${JSON.stringify(str("pattern") ?? "")}${where}${glob}`);
		}
		case "find":
			return clip(`find ${str("pattern") ?? "?"}${str("path") ? ` in ${str("path")}` : ""}`);
		case "write":
			return clip(`write ${str("path") ?? "?"}`);
		case "edit":
			return clip(`edit ${str("path") ?? "?"}`);
		case "bash":
			return clip(`bash: ${commandLine(str("command") ?? "")}`);
		default: {
			const unreachable: never = name;
			return String(unreachable);
		}
	}
}

/** A command's first line, marked ` …` when more lines follow. */
function commandLine(s: string): string {
	const { line, more } = firstLine(s);
	return more ? `${line.trimStart()} …` : line.trim();
}

/** An extension tool's arguments on one line: their JSON, `{}` left out. */
function argumentsText(args: unknown): string {
	try {
		const text = JSON.stringify(args) ?? "";
		return text === "{}" ? "" : text.replace(/\s+/g, " ");
	} catch {
		return "";
	}
}

function clip(s: string): string {
	return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}
