/**
 * The tree commands an editor user types as ACP slash commands (`/tree`, `/fork`, `/label`,
 * `/compare`, `/merge`, `/search`): each runs on the session's live AgentSession or the session
 * files with the same functions as the terminal and the subcommands, and answers with one text
 * (sent as agent message chunks). A mistake (unknown id, missing argument) is an answer too:
 * the session goes on.
 */
import { forkToFile } from "../session/fork.js";
import { sessionFiles } from "../session/paths.js";
import { planComparison } from "../navigation/compare.js";
import { formatComparison } from "../navigation/compare-format.js";
import type { NavigateOptions, NavigateResult } from "../navigation/types.js";
import type { MergeResult } from "../navigation/merge.js";
import { searchSessions } from "../search/search.js";
import type { SessionStore } from "../session/store.js";
import type { SessionTreeView } from "../session/api.js";
import { previewText } from "../tree/preview.js";
import { oneLine } from "../text/one-line.js";
import { counted } from "../text/count.js";
import type { ParsedCommand } from "./commands.js";

/** What a command needs of its session. */
export type TreeHost = {
	readonly store: SessionStore;
	readonly view: SessionTreeView;
	readonly cwd: string;
	readonly sessionDir: string;
	navigate(entryId: string, opts: Omit<NavigateOptions, "asParent" | "signal">): Promise<NavigateResult>;
	merge(fromId: string, opts: { customInstructions?: string; label?: string }): Promise<MergeResult>;
};

/** An entry id, id prefix or label (the newest entry carrying it) → the entry id. */
export function resolveTarget(view: SessionTreeView, text: string): string {
	try {
		return view.resolveId(text);
	} catch (error) {
		for (let i = view.entries.length - 1; i >= 0; i--) {
			const entry = view.entries[i];
			if (entry && view.getLabel(entry.id) === text) return entry.id;
		}
		throw error;
	}
}

function describeEntry(view: SessionTreeView, id: string | null): string {
	if (id === null) return "(root)";
	const entry = view.getEntry(id);
	return entry ? `${id} ${oneLine(previewText(view, entry)).slice(0, 80)}` : id;
}

/** `/tree <entryId|label> [--summarize] [instructions…]`. */
async function tree(host: TreeHost, args: string[]): Promise<string> {
	const summarize = args.includes("--summarize");
	const words = args.filter((a) => a !== "--summarize");
	const [target, ...instructions] = words;
	if (!target) return "usage: /tree <entryId|label> [--summarize [instructions]]";
	const id = resolveTarget(host.view, target);
	const custom = instructions.join(" ");
	const result = await host.navigate(id, { summarize, ...(summarize && custom ? { customInstructions: custom } : {}) });
	switch (result.status) {
		case "already-here":
			return `Already at ${describeEntry(host.view, id)}`;
		case "moved": {
			const summary = result.summaryEntry ? `\nBranch summary ${result.summaryEntry.id}:\n${result.summaryEntry.summary}` : "";
			const edit = result.editorText !== undefined ? `\nThe selected message was:\n${result.editorText}` : "";
			return `Moved to ${describeEntry(host.view, result.newLeafId)}${summary}${edit}`;
		}
		case "cancelled":
			return result.reason === "hook" ? "Navigation cancelled by an extension" : "Navigation cancelled";
		case "failed":
			return `Navigation failed: ${result.message}`;
	}
}

/** `/fork [entryId]`: root → entry (default: the leaf) into a new session file. */
function fork(host: TreeHost, args: string[]): string {
	const view = host.view;
	const entryId = args[0] ? resolveTarget(view, args[0]) : view.leafId;
	host.store.sync();
	const made = forkToFile({ source: view, sourceFile: host.store.file, entryId, sessionDir: host.sessionDir, cwd: host.cwd });
	return `Forked into session ${made.id}\n${made.file}\n(load it with session/load, or in a terminal: arbor -s ${made.id})`;
}

/** `/label <entryId> [text]`: no text clears the label. */
function label(host: TreeHost, args: string[]): string {
	const [target, ...words] = args;
	if (!target) return "usage: /label <entryId> [text]";
	const id = resolveTarget(host.view, target);
	const text = words.join(" ");
	host.store.setLabel(id, text === "" ? undefined : text);
	host.store.sync();
	return text === "" ? `Cleared the label of ${id}` : `Labelled ${id} "${text}"`;
}

function compare(host: TreeHost, args: string[]): string {
	const [a, b] = args;
	if (!a || !b) return "usage: /compare <entryA> <entryB>";
	const view = host.view;
	return formatComparison(view, planComparison(view, resolveTarget(view, a), resolveTarget(view, b)), 100);
}

async function merge(host: TreeHost, args: string[]): Promise<string> {
	const [from, ...instructions] = args;
	if (!from) return "usage: /merge <fromEntry> [instructions]";
	const custom = instructions.join(" ");
	const result = await host.merge(resolveTarget(host.view, from), custom ? { customInstructions: custom } : {});
	switch (result.status) {
		case "merged":
			return `Merged ${result.fromId} into ${result.intoId ?? "(root)"}: branch summary ${result.summaryEntry.id}\n${result.summaryEntry.summary}`;
		case "nothing-to-merge":
			return result.message;
		case "cancelled":
			return result.reason === "hook" ? "Merge cancelled by an extension" : "Merge cancelled";
		case "failed":
			return `Merge failed: ${result.message}`;
	}
}

function search(host: TreeHost, rest: string): string {
	if (rest === "") return "usage: /search <words | \"phrase\" | re:regex>";
	const result = searchSessions(sessionFiles(host.sessionDir), rest, 20);
	if (result.total === 0) return `No matches for ${JSON.stringify(rest)} in ${counted(result.files, "session")}`;
	const hits = result.hits.map((hit) => {
		const here = hit.sessionId === host.store.id ? " (this session)" : "";
		return `${hit.sessionId.slice(0, 8)}${here} ${hit.entryId} ${hit.field}${hit.onActivePath ? " ● active path" : ""}\n    ${hit.snippet}`;
	});
	return [...hits, `${result.hits.length} of ${counted(result.total, "hit")} in ${counted(result.files, "session")}`].join("\n");
}

/** Runs one parsed command; an expected failure (unknown id, bad query) is the answer text. */
export async function runTreeCommand(host: TreeHost, command: ParsedCommand): Promise<string> {
	try {
		switch (command.name) {
			case "tree":
				return await tree(host, command.args);
			case "fork":
				return fork(host, command.args);
			case "label":
				return label(host, command.args);
			case "compare":
				return compare(host, command.args);
			case "merge":
				return await merge(host, command.args);
			case "search":
				return search(host, command.rest);
		}
	} catch (error) {
		return `/${command.name}: ${error instanceof Error ? error.message : String(error)}`;
	}
}
