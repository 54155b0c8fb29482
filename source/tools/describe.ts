/** One-line descriptions of tool calls for progress lines and confirmation prompts. */
import type { ToolName } from "./policy.js";

const MAX = 100;

/** E.g. `read src/a.ts`, `bash: npm test`, `edit src/x.ts`, `grep "foo" in src`. */
export function describeToolCall(name: ToolName, args: unknown): string {
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
			return clip(`bash: ${oneLine(str("command") ?? "")}`);
		default: {
			const unreachable: never = name;
			return String(unreachable);
		}
	}
}

function oneLine(s: string): string {
	const lines = s.trim().split("\n");
	return lines.length > 1 ? `${lines[0]} …` : (lines[0] ?? "");
}

function clip(s: string): string {
	return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}
