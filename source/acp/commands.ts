/**
 * arbor's tree commands as ACP slash commands: what `available_commands_update` advertises, and
 * how a prompt that starts with one is split into name and argument words. Pure.
 */
import type { AvailableCommand } from "@agentclientprotocol/sdk/unstable";

const TREE_COMMANDS = ["tree", "fork", "label", "compare", "merge", "search"] as const;
type TreeCommand = (typeof TREE_COMMANDS)[number];

/** The list sent after session/new, session/load and session/fork. */
export const AVAILABLE_COMMANDS: AvailableCommand[] = [
	{ name: "tree", description: "Move the leaf to an entry (by id, id prefix or label), as /tree does; the next prompt continues from there", input: { hint: "<entryId|label> [--summarize]" } },
	{ name: "fork", description: "Copy root → entry (default: the leaf) into a new session file", input: { hint: "[entryId]" } },
	{ name: "label", description: "Set a label on an entry; no text clears it", input: { hint: "<entryId> [text]" } },
	{ name: "compare", description: "Two branches from their common ancestor", input: { hint: "<entryA> <entryB>" } },
	{ name: "merge", description: "Bring a branch's conclusions into this one as a branch summary", input: { hint: "<fromEntry>" } },
	{ name: "search", description: "Search every session of this directory", input: { hint: "<words | \"phrase\" | re:regex>" } },
];

export type ParsedCommand = { name: TreeCommand; args: string[]; rest: string };

/**
 * `/tree abc --summarize` → {name: "tree", args: ["abc", "--summarize"], rest: "abc --summarize"};
 * undefined when the text is not one of the tree commands (it then goes to the model as typed).
 */
export function parseCommand(text: string): ParsedCommand | undefined {
	const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
	if (!match) return undefined;
	const name = match[1] as TreeCommand;
	if (!TREE_COMMANDS.includes(name)) return undefined;
	const rest = (match[2] ?? "").trim();
	return { name, args: rest === "" ? [] : rest.split(/\s+/), rest };
}
