// Over 200 lines: one class; a run's queues, abort and permission question are state its methods share.
/**
 * The run and turn machinery of AgentSession (agent-session.ts): one run at a time (a prompt, then
 * late steering and the follow-ups, each its own turn, between agent_start and agent_end), the
 * steering and follow-up queues, the operation an abort ends (a run, a compaction, a summary), the
 * compaction flag with its events, and the permission question that an abort answers "no".
 * AgentSession owns the session, the model and the extensions; this module reads them through
 * {@link RunHost} at the moment it needs them, so a fork or a /model between turns applies.
 */
import { maxRetries } from "../config/env.js";
import type { ModelChoice } from "../config/model-config.js";
import type { ExtensionHost } from "../extensions/setup.js";
import { MessageQueue, type QueuedContent } from "../llm/message-queue.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import type { TurnResult } from "../llm/turn.js";
import { emptyUsage } from "../llm/from-step.js";
import type { CompactNowResult } from "../navigation/compact.js";
import type { SessionStore } from "../session/store.js";
import type { StoredMessage } from "../session/types.js";
import { MUTATING_TOOLS } from "../tools/policy.js";
import type { Checkpointer } from "../checkpoints/checkpointer.js";
import { maybeDailyGc } from "../checkpoints/setup.js";
import type { Settings } from "../config/settings.js";
import type { TaskRuns } from "../tasks/task-runs.js";
import { compactFailed, type AgentEvent, type CompactionReason } from "./events.js";
import type { McpManager } from "../mcp/manager.js";
import { addTaskTool } from "./task-setup.js";
import { mayWrite } from "../tasks/slots.js";
import { contextTokens } from "./stats.js";
import { withRecallNote } from "../recall/recall-note.js";
import { AgentError, type AgentOpenOptions, type ConfirmAnswer, type ConfirmRequest, type Tools } from "./types.js";

/** A turn's result; `unsent`: the prompt handed back, not stored (aborted while compacting before it). */
export type RunResult = TurnResult & { unsent?: QueuedContent };

/** The result of a turn whose prompt was never stored (see {@link RunResult}). */
function unsentTurn(store: SessionStore, prompt: QueuedContent): RunResult {
	return { ok: false, reason: "aborted", stopReason: "aborted", text: "", usage: emptyUsage(), leafId: store.snapshot().leafId, unsent: prompt };
}

/** The turn's content once the MCP servers are up, with an MCP prompt command expanded (docs/mcp.md). */
async function mcpTurnContent(mcp: McpManager, content: QueuedContent): Promise<QueuedContent> {
	await mcp.ready();
	if (typeof content !== "string" || !content.startsWith("/mcp__")) return content;
	const { expandMcpPrompt } = await import("../mcp/prompts.js");
	try {
		return await expandMcpPrompt(mcp, content);
	} catch (error) {
		throw new AgentError("invalid", error instanceof Error ? error.message : String(error));
	}
}

/** What a run uses of the extensions: their turn hooks and request messages; their bus for compactions (a task's runs have none). */
export type RunExtensions = Pick<ExtensionHost, "turn" | "requestMessages"> & Partial<Pick<ExtensionHost, "bus">>;

/** What a run reads from its session, each time it needs it. */
export type RunHost = {
	emit(event: AgentEvent): void;
	store(): SessionStore;
	chat(): ResolvedModel | undefined;
	thinking(): ThinkingLevel | undefined;
	checkpointer(): Checkpointer | undefined;
	autoCompaction(): boolean;
	deps: { opts: AgentOpenOptions; models: ModelChoice; tools: Tools; system: string; ext: RunExtensions; settings?: Settings; mcp?: McpManager };
};

export class TurnRunner {
	private readonly steering = new MessageQueue();
	private followUps: QueuedContent[] = [];
	private operation: AbortController | undefined;
	private running: Promise<RunResult | undefined> | undefined;
	private compacting = false;
	/** The `task` tool's running sub-agents (docs/tasks.md), when the session has the tool. */
	private readonly tasks: TaskRuns | undefined;

	constructor(private readonly host: RunHost) {
		this.steering.onChange(() => this.emitQueue());
		this.tasks = addTaskTool(host);
	}

	get isStreaming(): boolean {
		return this.running !== undefined;
	}

	get isCompacting(): boolean {
		return this.compacting;
	}

	/** What is queued: steering messages (next step boundary) and follow-ups (after the turn). */
	get queued(): { steering: QueuedContent[]; followUp: QueuedContent[] } {
		return { steering: [...this.steering.messages], followUp: [...this.followUps] };
	}

	/** Starts a run (see AgentSession.prompt); throws AgentError synchronously when it cannot start. */
	prompt(content: QueuedContent): Promise<RunResult | undefined> {
		if (this.running || this.compacting) throw new AgentError("busy", "a turn is running: use steer or follow_up, or abort it first");
		this.noOperation();
		if (!this.host.chat()) throw new AgentError("no-model", this.host.deps.models.chatError ?? "no model configured");
		const operation = new AbortController();
		this.operation = operation;
		const run = this.run(content, operation.signal).finally(() => {
			this.running = undefined;
			if (this.operation === operation) this.operation = undefined;
		});
		this.running = run;
		return run;
	}

	/** Queues a message for the running turn's next step boundary. */
	steer(content: QueuedContent): void {
		if (!this.running) throw new AgentError("idle", "no turn is running: send a prompt");
		this.steering.push(content);
	}

	/** Queues a message for after the running turn. */
	followUp(content: QueuedContent): void {
		if (!this.running) throw new AgentError("idle", "no turn is running: send a prompt");
		this.followUps.push(content);
		this.emitQueue();
	}

	/** Empties both queues (pi's clear_queue) and returns what they held. */
	clearQueue(): { steering: QueuedContent[]; followUp: QueuedContent[] } {
		const cleared = { steering: this.steering.take(), followUp: this.followUps.splice(0) };
		// Taking the steering queue already reported the change; the follow-ups are reported here.
		if (cleared.followUp.length > 0 || cleared.steering.length === 0) this.emitQueue();
		return cleared;
	}

	/** Aborts the run, compaction or summary going on and waits until it has stored what streamed. */
	async abort(): Promise<void> {
		this.operation?.abort();
		await this.running?.catch(() => undefined);
		// The tasks the run started end with it (its signal is theirs) and write their branches first.
		await this.tasks?.settled();
	}

	/** Throws AgentError "busy" while a run, a compaction or another operation (a fan-out, a summary) goes on. */
	idle(): void {
		if (this.running || this.compacting) throw new AgentError("busy", "a turn is running: abort it or wait for agent_end");
		this.noOperation();
	}

	/** An operation that is not a run (a fan-out, a branch summary, /compact) holds the session until it ends or is aborted. */
	private noOperation(): void {
		if (this.operation) throw new AgentError("busy", "a fan-out, summary or compaction is running: abort it or wait for it to end");
	}

	/** The front end's answer, or "no" once the run is aborted (the tool is then refused). */
	async ask(request: ConfirmRequest): Promise<ConfirmAnswer> {
		const confirm = this.host.deps.opts.confirm;
		const signal = this.operation?.signal;
		if (!confirm || signal?.aborted) return "no";
		if (!signal) return confirm(request);
		const asked = confirm(request, signal);
		return new Promise<ConfirmAnswer>((resolve, reject) => {
			const onAbort = () => resolve("no");
			signal.addEventListener("abort", onAbort, { once: true });
			asked.then(
				(answer) => {
					signal.removeEventListener("abort", onAbort);
					resolve(answer);
				},
				(error: unknown) => {
					signal.removeEventListener("abort", onAbort);
					reject(error instanceof Error ? error : new Error(String(error)));
				},
			);
		});
	}

	/** Runs `work` as the operation an abort ends. */
	async withOperation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
		const operation = new AbortController();
		this.operation = operation;
		try {
			return await work(operation.signal);
		} finally {
			if (this.operation === operation) this.operation = undefined;
		}
	}

	/** A compaction between compaction_start and compaction_end (with its result, also a failure). */
	async compaction(reason: CompactionReason, work: () => Promise<CompactNowResult>): Promise<CompactNowResult> {
		this.compacting = true;
		this.host.emit({ type: "compaction_start", reason });
		let result: CompactNowResult = { status: "failed", message: "compaction did not finish" };
		try {
			result = await work();
			return result;
		} catch (error) {
			result = { status: "failed", message: error instanceof Error ? error.message : String(error) };
			throw error;
		} finally {
			this.compacting = false;
			this.emitCompactionEnd(reason, result);
		}
	}

	/** compaction_end, with the context's estimated size when it was compacted (pi's estimatedTokensAfter). */
	private emitCompactionEnd(reason: CompactionReason, result: CompactNowResult): void {
		const after = result.status === "compacted" ? { estimatedTokensAfter: contextTokens(this.host.store().snapshot()) } : {};
		this.host.emit({ type: "compaction_end", reason, result, ...after });
		const failed = compactFailed(reason, result);
		if (failed) void this.host.deps.ext.bus?.emit("session_compact_failed", failed);
	}

	private emitQueue(): void {
		this.host.emit({ type: "queue_update", ...this.queued });
	}

	/** The run: turns until nothing is queued, between agent_start and agent_end. */
	private async run(first: QueuedContent, signal: AbortSignal): Promise<RunResult | undefined> {
		this.host.emit({ type: "agent_start" });
		const stored: StoredMessage[] = [];
		let result: RunResult | undefined;
		try {
			let next: QueuedContent | undefined = first;
			while (next !== undefined && !signal.aborted) {
				result = await this.turn(next, signal, stored);
				if (signal.aborted || !result.ok) break;
				// A steering message that came after the last step boundary, then the follow-ups.
				const late = this.steering.take();
				this.followUps.unshift(...late.slice(1));
				next = late[0] ?? this.followUps.shift();
				if (late.length > 0 || next !== undefined) this.emitQueue();
			}
		} finally {
			// What was still queued (the run aborted or failed) is not sent: handed back with agent_end.
			const left = { steering: this.steering.take(), followUp: this.followUps.splice(0) };
			const anyLeft = left.steering.length + left.followUp.length > 0;
			if (anyLeft) this.emitQueue();
			const unsent = result?.unsent;
			this.host.emit({ type: "agent_end", messages: stored, result, ...(unsent === undefined ? {} : { unsent }), ...(anyLeft ? { queued: left } : {}) });
			this.host.emit({ type: "agent_settled", aborted: signal.aborted });
			void this.host.deps.ext.bus?.emit("agent_settled", { aborted: signal.aborted });
		}
		return result;
	}

	private async turn(content: QueuedContent, signal: AbortSignal, stored: StoredMessage[]): Promise<RunResult> {
		const { emit, deps } = this.host;
		const chat = this.host.chat();
		if (!chat) throw new AgentError("no-model", "no model configured");
		if (this.host.autoCompaction()) await this.compactIfNeeded(chat, signal);
		// Aborted while compacting before the turn: the prompt is not stored but handed back (docs/core.md).
		if (signal.aborted) return unsentTurn(this.host.store(), content);
		// MCP servers start in the background: a turn waits for those still starting, then `/mcp__server__prompt` is expanded (docs/mcp.md).
		if (deps.mcp) content = await mcpTurnContent(deps.mcp, content);
		emit({ type: "turn_start", prompt: content });
		const runTurn = deps.opts.runTurn ?? (await import("../llm/turn.js")).runTurn;
		const store = this.host.store();
		const checkpointer = this.host.checkpointer();
		// A task that may write changes files too: the files are taken before it, as before a write.
		const checkpoints = checkpointer?.forTurn(deps.tools.task && mayWrite(deps.tools.toolSet) ? [...MUTATING_TOOLS, "task"] : MUTATING_TOOLS);
		const system = withRecallNote(deps.system, deps.tools.toolSet, store.snapshot());
		const result = await deps.ext.turn({ store, prompt: content, signal, system }, ({ system, prompt, activeTools, afterPrompt }) =>
			runTurn({
				// Too many MCP tool definitions for the window: a search tool instead (docs/mcp.md).
				activeTools: deps.mcp ? deps.mcp.activeTools(chat.contextWindow, activeTools) : activeTools,
				store,
				model: chat,
				prompt,
				afterPrompt,
				tools: deps.tools.toolSet,
				system,
				transformContext: (messages) => deps.ext.requestMessages(messages),
				thinkingLevel: this.host.thinking(),
				signal,
				maxRetries: maxRetries(),
				steering: this.steering,
				checkpoints,
				onEvent: (event) => {
					if (event.type === "message_end") stored.push(event.message);
					emit(event);
				},
				onOverflow: () => this.compactOnOverflow(chat, signal),
			}),
		);
		// As print mode: the store's garbage collection, in the background at most once a day.
		if (checkpointer) maybeDailyGc({ home: deps.opts.home, cwd: deps.opts.cwd, sessionFile: store.file });
		emit({ type: "turn_end", result });
		return result;
	}

	/**
	 * The provider refused the context as longer than the model's window (a window arbor does not
	 * know): a compaction with reason "overflow" (pi's), after which runTurn sends the request again.
	 * Off with automatic compaction; what was not compacted says why in the turn's error (docs/core.md).
	 */
	private async compactOnOverflow(chat: ResolvedModel, signal: AbortSignal): Promise<true | string> {
		const { AUTO_COMPACTION_OFF, compactForOverflow, overflowNotCompacted } = await import("../navigation/compact.js");
		if (!this.host.autoCompaction()) return AUTO_COMPACTION_OFF;
		const store = this.host.store();
		const model = this.host.deps.models.summary ?? chat;
		const result = await this.compaction("overflow", () => compactForOverflow({ store, model, signal, maxRetries: maxRetries(), bus: this.host.deps.ext.bus }));
		return result.status === "compacted" || overflowNotCompacted(result);
	}

	/** Compacts before a turn when the context would not fit; a failure is reported, the turn goes on. */
	private async compactIfNeeded(chat: ResolvedModel, signal: AbortSignal): Promise<void> {
		const { autoCompactIfNeeded } = await import("../navigation/compact.js");
		let started = false;
		const result = await autoCompactIfNeeded({
			store: this.host.store(),
			model: chat,
			summaryModel: this.host.deps.models.summary,
			signal,
			maxRetries: maxRetries(),
			bus: this.host.deps.ext.bus,
			onCompacting: () => {
				started = true;
				this.compacting = true;
				this.host.emit({ type: "compaction_start", reason: "threshold" });
			},
		});
		if (result.status === "nothing") this.host.emit({ type: "compaction_nothing", contextTokens: result.contextTokens ?? 0, contextWindow: result.contextWindow ?? 0 });
		if (started) {
			this.compacting = false;
			this.emitCompactionEnd("threshold", result as CompactNowResult);
		}
	}
}
