/**
 * The types of the agent core's API (agent-session.ts re-exports them): the open options, the
 * permission question, errors, pi's model description and the results of moves and restores.
 */
import type { DialogSink } from "../extensions/dialogs.js";
import type { PromptSink, StatusSink, WidgetSink } from "../extensions/host.js";
import type { Settings } from "../config/settings.js";
import type { ModelChoice } from "../config/model-config.js";
import type { ChatFlags, Place } from "../config/options.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import type { QueuedContent } from "../llm/message-queue.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import type { NavigateResult } from "../navigation/types.js";
import type { ImageContent, TextContent } from "../session/types.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import type { CommandWrapper } from "../tools/bash.js";
import type { SessionStore } from "../session/store.js";
import type { RestoreDone, RestorePlan } from "../checkpoints/checkpointer.js";

/** A tool permission question: the tool, its arguments, a one-line description, a diff preview. */
export type ConfirmRequest = Parameters<ConfirmFn>[0];
export type ConfirmAnswer = "yes" | "no" | "always";

/** Options of {@link AgentSession.open}: the chat flags of print mode plus the front end's callbacks. */
export type AgentOpenOptions = Place &
	ChatFlags &
	ExtensionFlags & {
		/**
		 * Asked before write/edit/bash run (unless `yes`); absent: those tools are refused. `signal`
		 * aborts with the run: the question is then answered "no" for the front end, which may drop it.
		 */
		confirm?: (request: ConfirmRequest, signal?: AbortSignal) => Promise<ConfirmAnswer>;
		/** Shows an extension's dialog (ctx.ui.confirm/select/input) to the user; absent: no UI (ctx.hasUI false). */
		dialog?: DialogSink;
		/** Sends an extension's user message (sendUserMessage; see extensionPrompt); absent: it throws. */
		send?: PromptSink;
		/** Shows an extension's lasting status (ctx.ui.setStatus); absent: nowhere. */
		status?: StatusSink;
		/** Shows an extension's widget (ctx.ui.setWidget); absent: nowhere. */
		widget?: WidgetSink;
		/** Warnings (context files, extensions before a subscriber exists); default: stderr. */
		warn?: (line: string) => void;
		/** The notice of checkpoints switched off (no git, a refused folder), once; default: stderr. */
		notice?: (line: string) => void;
		/** Settings instead of `$ARBOR_HOME/settings.json` (tests). */
		settings?: Settings;
		/** Models instead of the ones the flags choose (tests with a mock model). */
		modelChoice?: ModelChoice;
		/**
		 * A one-shot run (print mode): the tools are print mode's (read-only unless listed, never a
		 * question), and a missing chat model, images for a model that takes none and a session
		 * folder arbor cannot write are usage errors found before extensions load.
		 */
		oneShot?: { images: boolean };
		/** Where the set-up says what it loaded (context files, system prompt, project settings); absent: nowhere. */
		verbose?: (line: string) => void;
		/** More MCP servers for this session (an ACP client's `session/new` `mcpServers`). */
		mcpServers?: import("../mcp/config.js").McpServerEntry[];
		/** Asks the user about the project's MCP servers not approved yet (the chat); absent: they are left out with a warning. */
		mcpAsk?: import("../mcp/session-servers.js").McpApprovalAsk;
		/**
		 * A fan-out branch (docs/fanout.md): the store handle it writes through (SessionStore.branchAt),
		 * the project whose checkpoint store records the branch's copy (`cwd`, with `indexFile`), the
		 * sandbox its bash runs in.
		 */
		branch?: { store: SessionStore; projectCwd: string; indexFile: string; wrap?: CommandWrapper };
		/** Subscribed before the extensions' session_start, so nothing said at start is lost. */
		listener?: (event: import("./events.js").AgentEvent) => void;
		/** The extensions' `ctx.mode` (default "print"; the chat says "interactive": its handlers may wait on dialogs). */
		extensionMode?: "interactive" | "print";
		/** An open session to use instead of the one the flags choose (tests: one in memory). */
		store?: import("../session/store.js").SessionStore;
		/** The turn itself instead of llm/turn's runTurn (the chat's component tests: a turn without a model server). */
		runTurn?: typeof import("../llm/turn.js").runTurn;
	};

/** Why a command could not run; `code` lets a front end map it (RPC error text, ACP error). */
export class AgentError extends Error {
	constructor(
		readonly code: "busy" | "idle" | "no-model" | "invalid" | "cancelled",
		message: string,
	) {
		super(message);
		this.name = "AgentError";
	}
}

/** A model as pi describes one (get_available_models, get_state). */
export type ModelDescription = {
	id: string;
	name: string;
	api: string;
	provider: string;
	spec: string;
	reasoning: boolean;
	input: string[];
	contextWindow?: number;
	maxTokens?: number;
	cost?: { input: number; output: number; cacheRead: number; cacheWrite: number };
};

/** pi's shape of a resolved model. */
export function describeModel(model: ResolvedModel): ModelDescription {
	const info = model.info;
	return {
		id: model.modelId,
		name: info?.name ?? model.modelId,
		api: model.api ?? "openai-completions",
		provider: model.provider,
		spec: model.spec,
		reasoning: info?.reasoning ?? false,
		input: info?.input ?? ["text"],
		...(model.contextWindow ? { contextWindow: model.contextWindow } : {}),
		...(info?.maxTokens ? { maxTokens: info.maxTokens } : {}),
		...(info?.cost ? { cost: info.cost } : {}),
	};
}

/** The user message content of a prompt: the text, then its images (pi's ImageContent). */
export function promptContent(text: string, images: readonly ImageContent[] = []): QueuedContent {
	if (images.length === 0) return text;
	const parts: (TextContent | ImageContent)[] = text === "" ? [] : [{ type: "text", text }];
	for (const image of images) parts.push({ type: "image", data: image.data, mimeType: image.mimeType });
	return parts;
}

/** The session's tools: the AI SDK tool set and the enabled names. */
export type Tools = {
	toolSet: import("ai").ToolSet;
	enabled: string[];
	/** The `task` tool is added (source/tasks/). */
	task?: boolean;
	/** The built-in tools made again for another folder and bash wrapper (a task's copy: agent/task-copies.ts). */
	inFolder?: (cwd: string, wrap?: CommandWrapper) => import("ai").ToolSet;
};

/** What {@link AgentSession.navigate} did, with the files' restore when `restoreFiles` was asked. */
export type AgentNavigateResult = NavigateResult & { restored?: RestoreDone };

/** The dry run or the result of {@link AgentSession.restoreFiles}. */
export type AgentRestoreResult = { dryRun: true; plan: RestorePlan } | { dryRun: false; done: RestoreDone };
