/**
 * What pi 1.6's ExtensionContext offers besides arbor's own `ctx`, so pi's extensions run
 * unchanged: `ctx.sessionManager` (pi's ReadonlySessionManager: a read-only view of the session)
 * and `ctx.ui.theme` (colour helpers; plain text where colour is off).
 */
import { dirname } from "node:path";
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import type { SessionEntry, SessionHeader } from "../session/types.js";
import { colourWanted } from "../text/terminal-colour.js";

/** pi's tree node: an entry, its children (oldest first) and its label. */
export type PiTreeNode = { entry: SessionEntry; children: PiTreeNode[]; label?: string };

/** pi's ReadonlySessionManager, over the session as it is at each call. */
export type PiSessionManager = {
	getCwd(): string;
	getSessionDir(): string | undefined;
	getSessionId(): string;
	getSessionFile(): string | undefined;
	getLeafId(): string | null;
	getLeafEntry(): SessionEntry | undefined;
	getEntry(id: string): SessionEntry | undefined;
	getLabel(id: string): string | undefined;
	/** root → `fromId` (default: the leaf). */
	getBranch(fromId?: string): SessionEntry[];
	getHeader(): SessionHeader;
	/** Every entry in file order, the header left out. */
	getEntries(): SessionEntry[];
	getTree(): PiTreeNode[];
	getSessionName(): string | undefined;
};

function treeOf(view: SessionTreeView): PiTreeNode[] {
	const node = (entry: SessionEntry): PiTreeNode => {
		const label = view.getLabel(entry.id);
		return { entry, children: view.getChildren(entry.id).map(node), ...(label !== undefined ? { label } : {}) };
	};
	return view.getRoots().map(node);
}

/** `ctx.sessionManager` for `store` (each call reads the session as it is then). */
export function piSessionManager(store: SessionStoreApi): PiSessionManager {
	const view = () => store.snapshot();
	return {
		getCwd: () => store.cwd,
		getSessionDir: () => (store.file ? dirname(store.file) : undefined),
		getSessionId: () => store.id,
		getSessionFile: () => store.file,
		getLeafId: () => view().leafId,
		getLeafEntry: () => {
			const v = view();
			return v.leafId === null ? undefined : v.getEntry(v.leafId);
		},
		getEntry: (id) => view().getEntry(id),
		getLabel: (id) => view().getLabel(id),
		getBranch: (fromId) => {
			const v = view();
			return v.getPath(fromId ?? v.leafId);
		},
		getHeader: () => view().header,
		getEntries: () => [...view().entries],
		getTree: () => treeOf(view()),
		getSessionName: () => view().name,
	};
}

/** pi's Theme: colour helpers by pi's colour names; text unchanged where colour is off. */
export type PiTheme = {
	fg(colour: string, text: string): string;
	bg(colour: string, text: string): string;
	bold(text: string): string;
	italic(text: string): string;
	underline(text: string): string;
	strikethrough(text: string): string;
	inverse(text: string): string;
};

/** pi's colour names as 256-colour codes (its dark theme's hues, near enough). */
const COLOURS: Record<string, number> = {
	accent: 74, border: 67, borderAccent: 74, borderMuted: 240, success: 71, error: 167, warning: 179,
	muted: 245, dim: 242, text: 252, thinkingText: 245, userMessageText: 252, customMessageText: 110,
	toolTitle: 252, toolOutput: 250, mdHeading: 179, mdLink: 74, mdCode: 110,
};

const sgr = (on: boolean, open: string, close: string) => (text: string) => (on ? `\u001b[${open}m${text}\u001b[${close}m` : String(text));

/** `ctx.ui.theme`: colours when arbor colours its output (NO_COLOR, FORCE_COLOR, a terminal), else plain text. */
export function piTheme(env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): PiTheme {
	const on = colourWanted(env, isTTY);
	const colour = (layer: 38 | 48) => (name: string, text: string) => {
		const code = COLOURS[name];
		return on && code !== undefined ? `\u001b[${layer};5;${code}m${text}\u001b[${layer + 1}m` : String(text);
	};
	return {
		fg: colour(38),
		bg: colour(48),
		bold: sgr(on, "1", "22"),
		italic: sgr(on, "3", "23"),
		underline: sgr(on, "4", "24"),
		strikethrough: sgr(on, "9", "29"),
		inverse: sgr(on, "7", "27"),
	};
}
