import { contextFilesLine } from "../../config/context-files.js";
import { promptSourcesLine, promptWarnings } from "../../config/prompt-sources.js";
import { errorMessage } from "../../text/error-text.js";
import type { PromptHolder, Reloaded } from "../options.js";
import type { Keymap } from "../input/keymap.js";
import { sessionCost } from "../../session/usage.js";
import { canThink, isThinkingLevel, nextThinkingLevel, pathThinkingLevel, THINKING_LEVELS } from "../../llm/thinking.js";
import type { AgentSession } from "../../agent/agent-session.js";
import { dollars } from "../chat/status-line.js";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { SessionTreeView } from "../../session/api.js";
import { conversationLeaf } from "../../tree/filter.js";
import { treeIsEmpty } from "../../tree/rows.js";
import type { CommandHandlers } from "../commands.js";
import type { SessionServices } from "../services.js";
import type { AppAction } from "../chat/app-reducer.js";
import type { Chat } from "../chat/use-chat.js";
import { lastReplyText, osc52 } from "../terminal/clipboard.js";
import { cloneBranch } from "./fork-action.js";
import type { SwitchSession } from "../chat/use-session-switch.js";
import { runSearchCommand } from "./search-actions.js";
import { exportAction } from "./export-action.js";
import { counted } from "../../text/count.js";
import { openRestore, undoRestore } from "./restore-actions.js";
import { syncAction } from "./sync-action.js";
import { forgetMessage } from "./forget-action.js";
import { fanoutAction } from "../fanout/fanout-action.js";

/** The session's services (store, view, deps, bus, dispatch) and what the commands need besides. */
export type CommandContext = SessionServices & {
	model: ResolvedModel | undefined;
	modelHint: string;
	chat: Chat;
	/** The chat model changed in the core: the app shows it. */
	modelChanged(): void;
	/** The keymap every key handler uses from now on (/reload). */
	setKeymap(keymap: Keymap): void;
	switchSession: SwitchSession;
	quit(): void;
	/** Where new session files go (/clone). */
	where: { sessionDir: string; cwd: string; prompts?: PromptHolder };
	/** Writes arbor's own control sequences (OSC 52) straight to the terminal. */
	writeControl(sequence: string): void;
	/** A reply is running (the thinking level waits for it). */
	busy: boolean;
	/** Opens `/mcp`'s list of servers (ui/mcp/). */
	openMcp?(): void;
};

const info = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "info" } });
const error = (text: string): AppAction => ({ type: "status-shown", status: { text, kind: "error" } });

function sessionFacts(ctx: CommandContext): string {
	const { view, store } = ctx;
	const path = view.getPath(view.leafId);
	const tokens = ctx.deps.estimateContextTokens(view.buildContext().messages);
	const sources = ctx.where.prompts?.current;
	// AGENTS.md, SYSTEM.md, templates and skills as the start-up line names them (or that there is no AGENTS.md).
	const context = sources ? ` · ${promptSourcesLine(sources, ctx.where.cwd) || contextFilesLine(sources.contextFiles, ctx.where.cwd)}` : "";
	const window = ctx.model && !ctx.model.contextWindow ? ` (context window of ${ctx.model.spec} unknown: declare contextWindow in models.json)` : "";
	const cost = sessionCost(view.entries);
	const spent = cost > 0 ? ` · ${dollars(cost)}` : "";
	const facts = `${store.file ?? "(in memory)"} · id ${store.id} · ${counted(view.entries.length, "entry", "entries")}, ${path.length} on this path · ~${counted(tokens, "token")}${window}${spent}${context}`;
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

/** /model <spec>, and the model picker's choice: the core switches for the next turn (written as pi's model_change). */
function switchModel(ctx: Pick<CommandContext, "agent" | "dispatch" | "modelChanged">, spec: string, source: "set" | "cycle" = "set"): void {
	if (spec === "") return ctx.dispatch({ type: "picker-opened", picker: "model-picker" });
	let model: ResolvedModel;
	try {
		model = ctx.agent.setModel(spec, source);
	} catch (e) {
		return ctx.dispatch(error(errorMessage(e)));
	}
	ctx.modelChanged();
	ctx.dispatch(info(`Model: ${model.spec}`));
}

/**
 * /thinking [level] and Shift+Tab ("next"): the core writes the level at once as a
 * `thinking_level_change` entry, as pi does, so the next turn, a restart and /tree all see it.
 */
function setThinking(ctx: Pick<CommandContext, "view" | "model" | "busy"> & { agent: Pick<AgentSession, "setThinkingLevel"> }, arg: string): { ok: boolean; message: string } {
	const current = pathThinkingLevel(ctx.view);
	if (arg === "") return { ok: true, message: `Thinking: ${current}${canThink(ctx.model) ? "" : " (this model does not think)"}` };
	const level = arg === "next" ? nextThinkingLevel(current) : arg;
	if (!isThinkingLevel(level)) return { ok: false, message: `Unknown thinking level "${arg}" (use ${THINKING_LEVELS.join(", ")})` };
	if (!canThink(ctx.model)) {
		const spec = ctx.model?.spec ?? "no model";
		return { ok: false, message: `${spec} is not marked as a reasoning model (declare "reasoning": true for it in models.json)` };
	}
	if (ctx.busy) return { ok: false, message: "Still working — change the thinking level when the reply is done" };
	try {
		ctx.agent.setThinkingLevel(level);
	} catch (e) {
		return { ok: false, message: errorMessage(e) };
	}
	return { ok: true, message: `Thinking: ${level}` };
}

/** /copy: the last reply onto the clipboard via OSC 52 (works over ssh). */
function copyLastReply(ctx: CommandContext): void {
	const text = lastReplyText(ctx.view);
	if (text === undefined) return ctx.dispatch(error("No reply to copy"));
	ctx.writeControl(osc52(text));
	const lines = text.split("\n").length;
	ctx.dispatch(info(`Copied the last reply to the clipboard (${counted(text.length, "character")}, ${counted(lines, "line")})`));
}

/**
 * /reload: AGENTS.md, prompt templates, skills and SYSTEM.md read again (for the next turn and the
 * slash menu), keybindings.json, and the extensions (loaded afresh), with the settings as they are now.
 */
async function reloadPrompts(ctx: CommandContext): Promise<void> {
	const holder = ctx.where.prompts;
	if (!holder?.reload) return ctx.dispatch(error("Nothing to reload in this run"));
	let reloaded: Reloaded;
	try {
		reloaded = await holder.reload();
	} catch (failure) {
		return ctx.dispatch(error(`Not reloaded: ${errorMessage(failure)}`));
	}
	holder.current = reloaded.prompts;
	ctx.setKeymap(reloaded.keymap);
	const parts = [promptSourcesLine(holder.current, ctx.where.cwd), reloaded.extensions > 0 ? counted(reloaded.extensions, "extension") : ""];
	const text = `Reloaded: ${parts.filter((p) => p !== "").join(" · ") || "no AGENTS.md, SYSTEM.md, prompt templates, skills or extensions"}`;
	ctx.dispatch(promptWarnings(holder.current).length > 0 ? error(text) : info(text));
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
		clone: () => (ctx.view.leafId === null ? dispatch(error("Nothing to clone: the session is empty")) : void cloneBranch(ctx.switchSession)),
		copy: () => copyLastReply(ctx),
		label: (args) => labelLeaf(ctx, args),
		forget: (args) => {
			const outcome = forgetMessage(ctx.store, args);
			dispatch(outcome.ok ? info(outcome.text) : error(outcome.text));
		},
		name: (args) => {
			if (args === "") return dispatch(error("Usage: /name <text>"));
			ctx.store.setName(args);
			dispatch(info(`Session named: ${args}`));
		},
		new: () => void ctx.switchSession((agent) => agent.newSession(), { done: "New session" }),
		resume: () => dispatch({ type: "picker-opened", picker: "resume-picker" }),
		compact: (args) => ctx.chat.compact(args),
		model: (args) => switchModel(ctx, args),
		cycleModel: (spec) => switchModel(ctx, spec, "cycle"),
		session: () => dispatch(info(sessionFacts(ctx))),
		thinking: (args) => {
			const result = setThinking(ctx, args);
			dispatch(result.ok ? info(result.message) : error(result.message));
		},
		search: (args) => runSearchCommand(ctx, args),
		"undo-restore": () => undoRestore(ctx, ctx.busy),
		restore: (args) => openRestore(ctx, args),
		export: (args) => exportAction(ctx, args),
		sync: (args) => syncAction(ctx, args),
		fanout: (args) => fanoutAction(ctx, args),
		reload: () => reloadPrompts(ctx),
		mcp: () => ctx.openMcp?.(),
		help: () => dispatch({ type: "help-opened" }),
		quit: () => ctx.quit(),
	};
}
