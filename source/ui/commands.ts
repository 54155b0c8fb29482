/** Slash commands: the list, parsing and completion are pure; handlers are supplied by the app. */
import { must } from "../text/must.js";
import { expandInput, type PromptLibrary } from "../config/prompt-library.js";
type CommandName =
	| "tree"
	| "fork"
	| "clone"
	| "copy"
	| "label"
	| "name"
	| "forget"
	| "new"
	| "resume"
	| "compact"
	| "model"
	| "thinking"
	| "session"
	| "search"
	| "undo-restore"
	| "restore"
	| "export"
	| "sync"
	| "fanout"
	| "reload"
	| "mcp"
	| "help"
	| "quit";

type CommandSpec = { name: CommandName; args?: string; description: string };

/** A line of the completion list: a built-in command or one an extension registered. */
export type MenuCommand = { name: string; args?: string; description: string };

export const COMMANDS: readonly CommandSpec[] = [
	{ name: "tree", description: "browse the conversation tree and jump to any point" },
	{ name: "fork", description: "copy the conversation up to a user message into a new session" },
	{ name: "clone", description: "copy this whole branch (up to here) into a new session and switch to it" },
	{ name: "copy", description: "copy the last reply to the clipboard" },
	{ name: "label", args: "[text]", description: "label the current point (no text clears)" },
	{ name: "name", args: "<text>", description: "name this session" },
	{ name: "forget", args: "[entry id]", description: "leave a message out of what the model is sent from here on (default: your last one)" },
	{ name: "new", description: "start a new session in this directory" },
	{ name: "resume", description: "open another session" },
	{ name: "compact", args: "[instructions]", description: "summarize older messages to free context" },
	{ name: "model", args: "[provider:model]", description: "show or switch the model" },
	{ name: "thinking", args: "[level]", description: "show or set the thinking level: off, minimal, low, medium, high (Shift+Tab cycles)" },
	{ name: "session", description: "file, id, entry counts and tokens of this session" },
	{ name: "search", args: "<query>", description: "search this folder's sessions (then all); Enter opens the hit in /tree" },
	{ name: "restore", args: "[entry id]", description: "restore the files to an entry's checkpoint without moving the conversation (default: the current point)" },
	{ name: "undo-restore", description: "put the files back as they were before the last restore of checkpointed files" },
	{ name: "export", args: "[file]", description: "write this session as one HTML page (default: its name .html here)" },
	{ name: "sync", args: "[remote]", description: "sync this project's sessions through its git remote (arbor sync)" },
	{ name: "fanout", args: "[N] <prompt>", description: "send the prompt on N branches at once (--models a,b,c: one each), each in its own copy of the files; compare, keep one" },
	{ name: "reload", description: "read AGENTS.md, SYSTEM.md, templates, skills, keybindings and extensions again" },
	{ name: "mcp", description: "MCP servers: status, tools and their token cost (docs/mcp.md)" },
	{ name: "help", description: "keys and commands" },
	{ name: "quit", description: "leave arbor" },
];

export type ParsedInput =
	| { kind: "prompt"; text: string }
	| { kind: "command"; name: CommandName; args: string }
	| { kind: "unknown"; name: string; args: string }
	/** `!command` (its output goes into the context) or `!!command` (kept out of it), as in pi. */
	| { kind: "bash"; command: string; exclude: boolean };

/**
 * Editor text → a prompt, a command, or a shell command the user runs (`!ls`, `!!ls`). `/`
 * followed by a space or a path-like text is a prompt; so is a lone `!` or `!!`.
 */
export function parseInput(text: string): ParsedInput {
	const bang = /^!(!?)([\s\S]*)$/.exec(text.trim());
	const command = bang?.[2]?.trim();
	if (bang && command) return { kind: "bash", command, exclude: bang[1] === "!" };
	const match = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
	if (!match) return { kind: "prompt", text };
	const name = must(match[1], "command name");
	const spec = COMMANDS.find((c) => c.name === name);
	if (!spec) return { kind: "unknown", name, args: (match[2] ?? "").trim() };
	return { kind: "command", name: spec.name, args: (match[2] ?? "").trim() };
}

/**
 * Editor text parsed, a prompt template or skill expanded: `/name words` that is neither a
 * built-in command nor an extension's, and names a template, is a prompt of the template's text;
 * `/skill:name words` the skill's (an unknown skill is an unknown command, not a message).
 * `expanded`: the text to send when it was one; an Error when a skill's file cannot be read.
 */
export function expandedInput(text: string, extensionCommands: readonly MenuCommand[], library: PromptLibrary): { parsed: ParsedInput; expanded?: string | Error } {
	const parsed = parseInput(text);
	if (parsed.kind === "command" || parsed.kind === "bash") return { parsed };
	if (parsed.kind === "unknown" && extensionCommands.some((c) => c.name === parsed.name)) return { parsed };
	let expanded: string | undefined;
	try {
		expanded = expandInput(text, library);
	} catch (error) {
		return { parsed, expanded: error instanceof Error ? error : new Error(String(error)) };
	}
	if (expanded !== undefined) return { parsed: { kind: "prompt", text: expanded }, expanded };
	const skill = /^\/(skill:\S*)(?:\s+([\s\S]*))?$/.exec(text.trim());
	return skill ? { parsed: { kind: "unknown", name: must(skill[1], "skill command"), args: (skill[2] ?? "").trim() } } : { parsed };
}

/**
 * Commands matching what is typed so far (`/` alone lists all); empty once arguments start.
 * `extra` are extensions' commands, listed after the built-in ones (a built-in name wins).
 */
export function completions(text: string, extra: readonly MenuCommand[] = []): MenuCommand[] {
	const match = /^\/([\w:-]*)$/.exec(text);
	if (!match) return [];
	const prefix = must(match[1], "command prefix").toLowerCase();
	const all = [...COMMANDS, ...extra.filter((e) => !COMMANDS.some((c) => c.name === e.name))];
	return all.filter((c) => c.name.toLowerCase().startsWith(prefix));
}

/** What each command does; the app builds this map over its own effects. */
export type CommandHandlers = Record<CommandName, (args: string) => void | Promise<void>> & {
	/** Ctrl+P's switch: as /model, told to extensions as a cycle (model_select). */
	cycleModel(spec: string): void;
};

/** Runs editor text: returns true when it was a command (handled or reported), false for a prompt. */
export async function runCommand(
	parsed: ParsedInput,
	handlers: CommandHandlers,
	onUnknown: (name: string, args: string) => unknown,
): Promise<boolean> {
	switch (parsed.kind) {
		case "prompt":
		case "bash": // the app runs `!command` itself (useChat's bash), before commands
			return false;
		case "unknown":
			await onUnknown(parsed.name, parsed.args);
			return true;
		case "command":
			await handlers[parsed.name](parsed.args);
			return true;
		default: {
			const unreachable: never = parsed;
			return unreachable;
		}
	}
}
