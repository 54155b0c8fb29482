/**
 * The read-only tools of `arbor mcp serve` (docs/memory.md): list the sessions, search them with
 * `arbor search`'s engine, read a session's tree (`arbor tree --json`'s nodes), one entry, and the
 * context the model gets at an entry (`arbor context --json`'s data).
 */
import { z } from "zod";
import { SessionStore } from "../session/store.js";
import type { SessionTreeView } from "../session/api.js";
import { searchSessions } from "../search/search.js";
import { buildTreeJson } from "../tree/json.js";
import { TREE_FILTERS, type TreeJsonNode } from "../tree/types.js";
import { jsonAnswer, page, withoutImageData, type ServeTool } from "./results.js";
import { ScopeError, type Scope } from "./scope.js";

const session = z.string().optional().describe("A session: its id (or the id's first characters) or file name; default: the one last worked in");
const offset = z.number().int().min(0).optional().describe("Where to start (the `next` of the previous page)");

/** Opens `arg`'s session read-only (no lock, nothing written), runs `read` and closes it. */
function withSession<T>(scope: Scope, arg: unknown, read: (view: SessionTreeView, file: string) => T): T {
	const file = typeof arg === "string" && arg.trim() !== "" ? scope.resolve(arg) : scope.resolve(newest(scope));
	const store = SessionStore.open(file);
	try {
		return read(store.snapshot(), file);
	} finally {
		store.close();
	}
}

function newest(scope: Scope): string {
	const first = scope.list()[0];
	if (!first) throw new ScopeError(`no sessions in ${scope.all ? "any project" : "this project"} yet`);
	return first.file;
}

/** The tree's nodes in display order, each with its depth and without its children (they follow it). */
function flatNodes(roots: readonly TreeJsonNode[]): (Omit<TreeJsonNode, "children"> & { depth: number; children: number })[] {
	const out: (Omit<TreeJsonNode, "children"> & { depth: number; children: number })[] = [];
	const stack: [TreeJsonNode, number][] = [...roots].reverse().map((n) => [n, 0]);
	for (let top = stack.pop(); top; top = stack.pop()) {
		const [node, depth] = top;
		const { children, ...rest } = node;
		out.push({ ...rest, depth, children: children.length });
		for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as TreeJsonNode, depth + 1]);
	}
	return out;
}

const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

function listTool(scope: Scope): ServeTool {
	return {
		name: "list_sessions",
		description: `List the arbor sessions of ${scope.all ? "every project" : "this project"}, the one last worked in first: id, file, name, folder, first message, entries, when.`,
		shape: { offset, limit: z.number().int().min(1).max(500).optional().describe("At most this many (default 50)") },
		readOnly: true,
		run(args) {
			const sessions = scope.list().map((s) => ({ ...s, firstMessage: s.firstMessage.slice(0, 200), modified: s.modified.toISOString() }));
			const { items, next } = page(sessions, num(args.offset, 0), num(args.limit, 50));
			return jsonAnswer({ total: sessions.length, sessions: items, ...(next !== undefined ? { next } : {}) });
		},
	};
}

function searchTool(scope: Scope): ServeTool {
	return {
		name: "search",
		description:
			'Search the sessions\' every entry on every branch (as `arbor search`): words that must all occur, "a phrase", re:<regex>. ' +
			"Hits, best first: session, entry id, field, snippet, whether the entry is on the session's active path.",
		shape: {
			query: z.string().describe('Words (all must match, any case), "an exact phrase", or re:<regex>'),
			session: z.string().optional().describe("Only this session (id prefix or file name)"),
			limit: z.number().int().min(1).max(200).optional().describe("At most this many hits (default 20)"),
		},
		readOnly: true,
		run(args) {
			const files = str(args.session) ? [scope.resolve(String(args.session))] : scope.files();
			return jsonAnswer(searchSessions(files, String(args.query ?? ""), num(args.limit, 20)) as unknown as Record<string, unknown>);
		},
	};
}

function treeTool(scope: Scope): ServeTool {
	return {
		name: "get_tree",
		description:
			"A session's tree as `arbor tree --json` gives it, as a list in display order: each node's id, parentId, depth, type, role, label, preview, " +
			"whether it is on the active path, and how many children follow it. Filters as /tree's; paged.",
		shape: {
			session,
			filter: z.enum(TREE_FILTERS as [string, ...string[]]).optional().describe("default (no bookkeeping entries), user, no-tools, labeled or all"),
			search: z.string().optional().describe("Only rows containing every word"),
			offset,
			limit: z.number().int().min(1).max(5000).optional().describe("At most this many nodes (default 500)"),
		},
		readOnly: true,
		run: (args) =>
			withSession(scope, args.session, (view, file) => {
				const filter = (str(args.filter) ?? "default") as (typeof TREE_FILTERS)[number];
				const tree = buildTreeJson(view, { filter, ...(str(args.search) ? { search: String(args.search) } : {}) });
				const nodes = flatNodes(tree.roots);
				const { items, next } = page(nodes, num(args.offset, 0), num(args.limit, 500));
				return jsonAnswer({ file, leafId: tree.leafId, total: nodes.length, nodes: items, ...(next !== undefined ? { next } : {}) });
			}),
	};
}

function entryTool(scope: Scope): ServeTool {
	return {
		name: "read_entry",
		description: "One entry of a session as stored (pi's v3 format), with its label; images' data left out.",
		shape: { session, entryId: z.string().describe("The entry's id or its first characters") },
		readOnly: true,
		run: (args) =>
			withSession(scope, args.session, (view, file) => {
				const id = view.resolveId(String(args.entryId ?? ""));
				const entry = JSON.parse(JSON.stringify(view.getEntry(id))) as unknown;
				const label = view.getLabel(id);
				return jsonAnswer({ file, onActivePath: view.getPath(view.leafId).some((e) => e.id === id), ...(label !== undefined ? { label } : {}), entry: withoutImageData(entry) });
			}),
	};
}

function contextTool(scope: Scope): ServeTool {
	return {
		name: "read_context",
		description: "What the model receives at an entry (default: the session's leaf), as `arbor context --json`: model, thinking level, messages (paged; images' data left out).",
		shape: { session, entryId: z.string().optional().describe("The entry (id or first characters); default the leaf"), offset, limit: z.number().int().min(1).max(500).optional().describe("At most this many messages (default 100)") },
		readOnly: true,
		run: (args) =>
			withSession(scope, args.session, (view, file) => {
				const at = str(args.entryId) ? view.resolveId(String(args.entryId)) : view.leafId;
				const context = view.buildContext(at);
				const messages = withoutImageData(JSON.parse(JSON.stringify(context.messages)) as unknown[]);
				const { items, next } = page(messages, num(args.offset, 0), num(args.limit, 100));
				return jsonAnswer({ file, leafId: context.leafId, model: context.model, thinkingLevel: context.thinkingLevel, total: messages.length, messages: items, ...(next !== undefined ? { next } : {}) });
			}),
	};
}

/** The read-only tools over `scope`. */
export function readTools(scope: Scope): ServeTool[] {
	return [listTool(scope), searchTool(scope), treeTool(scope), entryTool(scope), contextTool(scope)];
}
