import type { ResolvedModel } from "../../llm/index.js";
import type { SessionTreeView } from "../../session/api.js";
import { conversationLeaf, treeIsEmpty } from "../../tree/rows.js";
import type { CommandHandlers } from "../commands.js";
import type { SessionServices } from "../services.js";
import type { AppAction } from "../chat/app-reducer.js";
import type { Chat } from "../chat/use-chat.js";
import { lastReplyText, osc52 } from "../terminal/clipboard.js";
import { cloneBranch } from "./fork-action.js";
import type { SwitchStore } from "../chat/use-session-switch.js";
import { runSearchCommand } from "./search-actions.js";
import { exportAction } from "./export-action.js";

/** The session's services (store, view, deps, bus, dispatch) and what the commands need besides. */
export type CommandContext = SessionServices & {
	model: ResolvedModel | undefined;
	modelHint: string;
	chat: Chat;
	resolveModel(spec: string): { ok: true; value: ResolvedModel } | { ok: false; message: string };
	setModel(model: ResolvedModel): void;
	switchStore: SwitchStore;
	quit(): void;
	/** Where new session files go (/clone). */
	where: { sessionDir: string; cwd: string };
	/** Writes arbor's own control sequences (OSC 52) straight to the terminal. */
	writeControl(sequence: string): void;
};

const info = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "info" } });
const error = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "error" } });

function sessionFacts(ctx: CommandContext): string {
	const { view, store } = ctx;
	const path = view.getPath(view.leafId);
	const tokens = ctx.deps.estimateContextTokens(view.buildContext().messages);
	const facts = `${store.file ?? "(in memory)"} · id ${store.id} · ${view.entries.length} entries, ${path.length} on this path · ~${tokens} tokens`;
	return view.warnings.length === 0 ? facts : `${facts} · ${damageList(view)}`;
}

/** Which lines are damaged and how: `damaged: line 3: …; line 9: …` (the first 10). */
function damageList(view: SessionTreeView): string {
	const shown = view.warnings.slice(0, 10).map((w) => (w.line === undefined || w.message.startsWith("line ") ? w.message : `line ${w.line}: ${w.message}`));
	const more = view.warnings.length > shown.length ? `; … ${view.warnings.length - shown.length} more` : "";
	return `damaged: ${shown.join("; ")}${more}`;
}

/** Labels the leaf the tree marks `← active` (never a trailing /name or /label entry). */
function labelLeaf(ctx: CommandContext, text: string): void {
	const leaf = conversationLeaf(ctx.view);
	if (leaf === null) return ctx.dispatch(error("No entries to label"));
	ctx.store.setLabel(leaf, text === "" ? undefined : text);
	ctx.dispatch(info(text === "" ? "Label cleared" : `Labelled: ${text}`));
}

function switchModel(ctx: CommandContext, spec: string): void {
	if (spec === "") return ctx.dispatch(ctx.model ? info(`Model: ${ctx.model.spec}`) : error(ctx.modelHint));
	const result = ctx.resolveModel(spec);
	if (!result.ok) return ctx.dispatch(error(result.message));
	ctx.setModel(result.value);
	ctx.dispatch(info(`Model: ${result.value.spec}`));
}

/** /copy: the last reply onto the clipboard via OSC 52 (works over ssh). */
function copyLastReply(ctx: CommandContext): void {
	const text = lastReplyText(ctx.view);
	if (text === undefined) return ctx.dispatch(error("No reply to copy"));
	ctx.writeControl(osc52(text));
	const lines = text.split("\n").length;
	ctx.dispatch(info(`Copied the last reply to the clipboard (${text.length} characters, ${lines} line${lines === 1 ? "" : "s"})`));
}

function hasUserMessage(view: SessionTreeView): boolean {
	return view.entries.some((e) => e.type === "message" && e.message.role === "user");
}

/** The slash-command handlers over the app's current store, model and chat. */
export function buildCommandHandlers(ctx: CommandContext): CommandHandlers {
	const { dispatch } = ctx;
	return {
		tree: () => dispatch(treeIsEmpty(ctx.view) ? error("No entries in session") : { type: "tree-opened" }),
		fork: () => dispatch(hasUserMessage(ctx.view) ? { type: "picker-opened", picker: "fork-picker" } : error("No user messages to fork from")),
		clone: () =>
			cloneBranch({ store: ctx.store, view: ctx.view, where: ctx.where, bus: ctx.bus, switchStore: ctx.switchStore, report: (status) => dispatch({ type: "status-shown", status }) }),
		copy: () => copyLastReply(ctx),
		label: (args) => labelLeaf(ctx, args),
		name: (args) => {
			if (args === "") return dispatch(error("Usage: /name <text>"));
			ctx.store.setName(args);
			dispatch(info(`Session named: ${args}`));
		},
		new: () => ctx.switchStore(() => ctx.deps.createSession(), "New session"),
		resume: () => dispatch({ type: "picker-opened", picker: "resume-picker" }),
		compact: (args) => ctx.chat.compact(args),
		model: (args) => switchModel(ctx, args),
		session: () => dispatch(info(sessionFacts(ctx))),
		search: (args) => runSearchCommand(ctx, args),
		export: (args) => exportAction(ctx, args),
		help: () => dispatch({ type: "help-opened" }),
		quit: () => ctx.quit(),
	};
}
