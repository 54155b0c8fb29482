/**
 * AgentSession: one live arbor session, the core under the chat, print mode (`-p`), `arbor --mode rpc` and
 * `arbor acp`. It holds the set-up — models, tools with a confirm callback, the system prompt with
 * context files, extensions, the session store — across turns. Turns run through `runTurn` (the run
 * loop, queues, compaction and aborts: turn-runner.ts), moves through `navigateTree`, forks through
 * navigation/fork.ts: no second copy of the turn loop, the tools or the navigation. The policies
 * every front end shares are listed in docs/core.md.
 *
 * The parts sit beside it (set-up.ts, model-picks.ts, file-states.ts, tree-verbs.ts, session-switch.ts);
 * this facade owns the live store and delegates. Over 200 lines: the whole API stays here, the one place a front end reads.
 * API (every method but `prompt` waits for its work; none writes to stdout):
 *
 *   const agent = await AgentSession.open({ cwd, home, sessionDir, session?, continue?, model?, …,
 *     yes?, confirm?: (request) => Promise<"yes" | "no" | "always">, warn?: (line) => void,
 *     listener?: AgentListener, verbose?: (line) => void, oneShot?: { images } });   // types.ts
 *   agent.subscribe((event: AgentEvent) => …)      // events.ts; returns the unsubscribe
 *   const done = agent.prompt("text", { images })   // throws AgentError at once when it cannot start
 *                                                   // (a run is going, no model); `done` resolves
 *                                                   // with the last TurnResult after agent_end
 *                                                   // (`unsent`: the prompt, not stored — aborted while compacting)
 *   agent.steer(content) / followUp(content) / clearQueue()   // while a run goes: next step boundary / own turn after
 *   await agent.abort()      // aborts the run (or compaction / summary) and waits for it; queues cleared
 *   await agent.navigate(entryId, { summarize, customInstructions, replaceInstructions, label, restoreFiles, asParent })
 *   agent.checkpoints() / await agent.restoreFiles(entryId, { dryRun })   // the project's file state
 *   await agent.fork(userMessageId) / clone() / newSession(parent?) / switchSession(pathOrId)
 *   agent.models() / setModel(spec) / cycleModel() / setThinkingLevel(level) / thinkingLevel()
 *   await agent.compact(instructions?) ; agent.autoCompaction = false
 *   agent.stats() / messages() / lastAssistantText() / forkMessages() / setName(name)
 *   agent.tree({ filter? }) / entries(sinceId?) / setLabel(entryId, label?) / editContext(entryId, null | {content})
 *   await agent.compare(a, b, { summarize? }) / merge(fromId, { intoId?, … }) / runCommand("/name args")
 *   await agent.bash(command, { excludeFromContext }) / reload()   // `!command`, `/reload`
 *   agent.store / agent.view / agent.model / agent.isStreaming / agent.isCompacting / agent.commands() / agent.userBash
 *   await agent.close()      // aborts, fires session_shutdown, fsyncs and unlocks the session
 * Tools and checkpoints: docs/core.md ("Tools and checkpoints").
 */
import { maxRetries } from "../config/env.js";
import { noChatModelMessage } from "../config/model-config.js";
import type { QueuedContent } from "../llm/message-queue.js";
import type { ResolvedModel, ResolveResult } from "../llm/resolve-model.js";
import type { ModelCatalog } from "../llm/model-catalog.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import type { CompactNowResult } from "../navigation/compact.js";
import { navigateByPlan, navigateTree } from "../navigation/navigate.js";
import type { NavigateOptions, NavigationPlan } from "../navigation/types.js";
import { recordWorked } from "../session/worked.js";
import type { SessionStore } from "../session/store.js";
import type { SessionTreeView } from "../session/api.js";
import type { ContextEditEntry, ImageContent, SessionEntry, StoredMessage } from "../session/types.js";
import type { BranchComparison } from "../navigation/compare.js";
import type { MergeOptions, MergeResult } from "../navigation/merge.js";
import type { TreeFilter, TreeJsonNode } from "../tree/types.js";
import type { ConfirmFn } from "../tools/tool-set.js";
import type { Checkpointer } from "../checkpoints/checkpointer.js";
import type { Checkpoint } from "../checkpoints/records.js";
import type { AgentEvent, AgentListener } from "./events.js";
import { modelScope, scopePatterns } from "../config/model-scope.js";
import { FileStates } from "./file-states.js";
import { expandContent, expandText } from "./library.js";
import { libraryCommands, type LibraryCommand } from "../config/prompt-library.js";
import { ModelPicks } from "./model-picks.js";
import { SessionSwitch, type SwitchReason } from "./session-switch.js";
import { reloadAgent, setUpAgent, type AgentDeps } from "./set-up.js";
import { TreeVerbs } from "./tree-verbs.js";
import { TurnRunner, type RunResult } from "./turn-runner.js";
import { forkMessages, lastAssistantText, pathMessages, sessionStats, type SessionStats } from "./stats.js";

export type { AgentEvent, AgentListener } from "./events.js";
export type { SessionStats } from "./stats.js";
// What the faces show of a compaction, written once below the core.
export { nothingOlder, type CompactNowResult } from "../navigation/compact.js";
export type { TurnEvent, TurnResult } from "../llm/turn.js";
export { AgentError, describeModel, promptContent, type AgentNavigateResult, type AgentOpenOptions, type AgentRestoreResult, type ConfirmAnswer, type ConfirmRequest, type ModelDescription } from "./types.js";
import { AgentError, promptContent, type AgentNavigateResult, type AgentOpenOptions, type AgentRestoreResult } from "./types.js";
import { userBashAnswer } from "../extensions/request-hooks.js";
import type { UserBashHook, UserBashRun } from "../tools/user-bash.js";
import type { ExtensionHost } from "../extensions/setup.js";
import type { PromptSources } from "../config/prompt-sources.js";

export class AgentSession {
	private listeners = new Set<AgentListener>();
	private readonly runs: TurnRunner;
	private readonly picks: ModelPicks;
	private readonly verbs: TreeVerbs;
	private readonly switcher: SessionSwitch;
	private readonly files: FileStates;
	/** Compact before a turn when the context would not fit (pi's set_auto_compaction; the settings' autoCompaction). */
	autoCompaction: boolean;

	readonly userBash: UserBashHook = (event) => userBashAnswer(this.deps.ext.bus, event); // extensions' user_bash, for RPC's `bash`
	private constructor(
		private current: SessionStore,
		chat: ResolvedModel | undefined,
		private readonly deps: AgentDeps,
		thinking: ThinkingLevel | undefined,
	) {
		this.autoCompaction = deps.settings.autoCompaction !== false;
		const scope = modelScope(scopePatterns(deps.opts.models, deps.settings));
		this.picks = new ModelPicks({ store: () => this.current, idle: () => this.idle(), models: deps.models, scope, selected: (e) => void deps.ext.bus.emit("model_select", e), levelChanged: (level) => this.emit({ type: "thinking_level_changed", level }) }, chat, thinking);
		this.files = new FileStates({ store: () => this.current, idle: () => this.idle(), deps });
		this.verbs = new TreeVerbs({ store: () => this.current, idle: () => this.idle(), withOperation: (work) => this.withOperation(work), deps });
		this.switcher = new SessionSwitch({ store: () => this.current, idle: () => this.idle(), replace: (store, reason) => this.replace(store, reason), deps });
		this.runs = new TurnRunner({
			emit: (event) => this.emit(event),
			store: () => this.current,
			chat: () => this.picks.chat,
			thinking: () => this.picks.thinking,
			checkpointer: () => this.checkpointer,
			autoCompaction: () => this.autoCompaction,
			deps,
		});
		// Extensions' dialogs (ctx.ui.confirm/select/input) and user messages go to the front end that has a user: RPC's client.
		const { dialog, send, status, widget } = deps.opts;
		const emit = (event: AgentEvent) => this.emit(event);
		deps.ext.attachUi({ warn: (error) => emit({ type: "extension_error", error }), notify: (message) => emit({ type: "notify", message }), appended: (entry) => emit({ type: "entry_appended", entry }), dialog, send, status, widget });
		deps.ext.bus.on("session_info_changed", ({ name }) => emit({ type: "session_info_changed", name }));
	}

	/** Sets everything up as print mode does and opens (or creates) the session; usage errors throw. */
	static async open(opts: AgentOpenOptions): Promise<AgentSession> {
		const asker: { agent?: AgentSession } = {};
		const confirm: ConfirmFn | undefined = opts.confirm ? (request) => asker.agent?.runs.ask(request) ?? Promise.resolve("no") : undefined;
		const { store, thinking, deps } = await setUpAgent(opts, confirm, () => asker.agent?.store);
		const agent = new AgentSession(store, deps.models.chat, deps, thinking);
		asker.agent = agent;
		if (opts.listener) agent.subscribe(opts.listener);
		try {
			await deps.ext.start(store);
		} catch (error) {
			// A session_start handler that throws ends the start-up: the session is unlocked first.
			store.close();
			throw error;
		}
		return agent;
	}

	/** The live session (it changes on fork, clone, newSession and switchSession). */
	get store(): SessionStore { return this.current; }

	get view(): SessionTreeView { return this.current.snapshot(); }

	/** The chat model of the next turn, if any. */
	get model(): ResolvedModel | undefined { return this.picks.chat; }

	get isStreaming(): boolean { return this.runs.isStreaming; }

	get isCompacting(): boolean { return this.runs.isCompacting; }

	/** What is queued: steering messages (next step boundary) and follow-ups (after the turn). */
	get queued(): { steering: QueuedContent[]; followUp: QueuedContent[] } {
		return this.runs.queued;
	}

	/** The enabled tool names, then the MCP servers' tools that joined (docs/mcp.md). */
	get tools(): readonly string[] { return [...this.deps.tools.enabled, ...(this.deps.mcp?.toolNames() ?? [])]; }

	subscribe(listener: AgentListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * Starts a run with `content` (text or pi content parts): the turn, then any steering message
	 * that came too late for it and each follow-up, each its own turn, between agent_start and
	 * agent_end. Throws AgentError synchronously when a run is going or there is no chat model.
	 * Aborted while compacting before its turn, the prompt is not stored: `unsent` hands it back.
	 */
	prompt(text: string, opts: { images?: readonly ImageContent[] } = {}): Promise<RunResult | undefined> { return this.runs.prompt(promptContent(expandText(this.deps.library, text), opts.images)); }

	/** Queues a message for the running turn's next step boundary. */
	steer(content: QueuedContent): void { this.runs.steer(expandContent(this.deps.library, content)); }

	/** Queues a message for after the running turn. */
	followUp(content: QueuedContent): void { this.runs.followUp(expandContent(this.deps.library, content)); }

	/** Empties the steering and follow-up queues and returns what they held (pi's clear_queue). */
	clearQueue(): { steering: QueuedContent[]; followUp: QueuedContent[] } {
		return this.runs.clearQueue();
	}

	/** Aborts the run, compaction or summary going on and waits until it has stored what streamed. */
	async abort(): Promise<void> {
		await this.runs.abort();
	}

	/**
	 * Moves the leaf exactly as /tree does (a summary of the branch left when asked). With
	 * `restoreFiles`, as `arbor navigate --restore-files`: a target without a file state is refused
	 * before anything moves, the working tree is checkpointed on the branch being left, and after the
	 * move the target's files are restored (the user's own changes kept unless `includeUserChanges`).
	 */
	async navigate(entryIdOrPrefix: string, opts: Omit<NavigateOptions, "signal"> & { restoreFiles?: boolean; includeUserChanges?: boolean; plan?: NavigationPlan } = {}): Promise<AgentNavigateResult> {
		this.idle();
		const { restoreFiles, includeUserChanges, plan, ...navigate } = opts;
		const targetId = this.view.resolveId(entryIdOrPrefix);
		const restore = restoreFiles ? this.files.restorer(targetId) : undefined;
		// The target's file state is read before the safety checkpoint, which may land under it.
		const safety = restore ? await this.files.cancellable(async () => (await restore.checkpointer.ask(targetId), restore.checkpointer.safety(restore.target, { keepUserChanges: !includeUserChanges }))) : undefined;
		const ctx = { store: this.current, summaryModel: this.deps.models.summary, bus: this.deps.ext.bus, maxRetries: maxRetries() };
		// `plan`: the one the front end made to ask its questions (/tree plans once, on Enter).
		const result = await this.withOperation((signal) => (plan?.targetId === targetId ? navigateByPlan(ctx, plan, { ...navigate, signal }) : navigateTree(ctx, targetId, { ...navigate, signal })));
		if (result.status === "moved") this.emit({ type: "tree_moved", result });
		if (!restore || !safety || (result.status !== "moved" && result.status !== "already-here")) return result;
		return { ...result, restored: await restore.checkpointer.restoreFrom(safety, restore.target, targetId) };
	}

	/** The checkpoints of the session, in file order (as `arbor checkpoints` lists them). */
	checkpoints = (): Checkpoint[] => this.files.list();

	/**
	 * Restores the file state of an entry as `arbor restore` does (a safety checkpoint at the leaf
	 * first; the leaf does not move; the user's own changes kept unless `includeUserChanges`), or with `dryRun` says what it would change.
	 */
	restoreFiles(entryIdOrPrefix: string, opts: { dryRun?: boolean; includeUserChanges?: boolean } = {}): Promise<AgentRestoreResult> { return this.files.restoreFiles(entryIdOrPrefix, opts); }

	/** The checkpointer of the live session, or undefined when checkpoints are switched off. */
	get checkpointer(): Checkpointer | undefined { return this.files.checkpointer; }

	/** pi's fork: a new session holding root → before the user message `entryId`; its text is returned. */
	fork(entryId: string): Promise<{ cancelled: boolean; text: string }> {
		return this.switcher.fork(entryId);
	}

	/** pi's clone: the active path (root → leaf) into a new session, which becomes the live one. */
	clone(): Promise<{ cancelled: boolean }> {
		return this.switcher.clone();
	}

	/** A fresh session (lazy: no file until its first entry), optionally naming a parent session. */
	newSession(parentSession?: string): Promise<{ cancelled: boolean }> {
		return this.switcher.newSession(parentSession);
	}

	/** Opens another session (path or id prefix, as `-s` takes) as the live one. */
	switchSession(pathOrId: string): Promise<{ cancelled: boolean }> {
		return this.switcher.switchSession(pathOrId);
	}

	/** The models a client may pick: the catalog's that resolve with this run's keys, the current one first. */
	models(): ResolvedModel[] { return this.picks.models(); }

	/** Switches the chat model (a `provider:model` spec), written as pi's model_change as /model does. */
	setModel(spec: string, source: "set" | "cycle" = "set"): ResolvedModel { return this.picks.setModel(spec, source); }

	/** Resolves a `provider:model` spec with this run's keys (the model picker's check), without switching. */
	resolveModel(spec: string): ResolveResult { return this.deps.models.resolve(spec); }

	/** The built-in providers and models.json: the model picker's list. */
	get catalog(): ModelCatalog { return this.deps.models.catalog; }

	/** Whether --models / settings enabledModels limit cycleModel (pi's `isScoped`). */
	get modelsScoped(): boolean { return this.picks.scoped; }

	/** The next model of {@link models} after the current one; undefined when there is only one. */
	cycleModel(): ResolvedModel | undefined { return this.picks.cycleModel(); }

	/** The thinking level of the next turn. */
	thinkingLevel(): ThinkingLevel { return this.picks.thinkingLevel(); }

	/** Sets the thinking level, written at once as a thinking_level_change entry (as /thinking does). */
	setThinkingLevel(level: string): void { this.picks.setThinkingLevel(level); }

	/** `/compact [instructions]`: summarizes the older part of the path now. */
	async compact(instructions?: string): Promise<CompactNowResult> {
		this.idle();
		const model = this.deps.models.summary ?? this.picks.chat;
		if (!model) throw new AgentError("no-model", this.deps.models.summaryError ?? "no model configured for summaries");
		const { compactNow } = await import("../navigation/compact.js");
		return this.runs.compaction("manual", () =>
			this.withOperation((signal) => compactNow({ store: this.current, model, instructions, signal, bus: this.deps.ext.bus, maxRetries: maxRetries() })),
		);
	}

	stats(): SessionStats { return sessionStats(this.view, { file: this.current.file, id: this.current.id }, this.picks.chat); }

	/** The messages of the active path, oldest first. */
	messages(): StoredMessage[] { return pathMessages(this.view); }

	lastAssistantText(): string | null { return lastAssistantText(this.view); }

	forkMessages(): { entryId: string; text: string }[] {
		return forkMessages(this.view);
	}

	setName(name: string): void {
		this.current.setName(name);
		this.current.sync();
	}

	/** The tree as `arbor tree --json` gives it (default filter "all": every entry once), with leafId. */
	tree(filter: TreeFilter = "all"): { leafId: string | null; roots: TreeJsonNode[] } {
		return this.verbs.tree(filter);
	}

	/** Entries in file order after `sinceId` (exclusive; all without it), and the leaf. */
	entries(sinceId?: string): { entries: SessionEntry[]; leafId: string | null } {
		return this.verbs.entries(sinceId);
	}

	/** Sets a label on an entry; no label (or "") clears it. */
	setLabel(entryId: string, label: string | undefined): void { this.verbs.setLabel(entryId, label); }

	/** pi 1.6's context_edit on the branch: the message left out of the context from here on (null) or replaced. */
	editContext(entryId: string, replacement: ContextEditEntry["replacement"]): SessionEntry {
		return this.verbs.editContext(entryId, replacement);
	}

	/** Two branches from their common ancestor, with the summary model's comparison when asked. */
	compare(a: string, b: string, opts: { summarize?: boolean } = {}): Promise<BranchComparison & { summary?: string }> {
		return this.verbs.compare(a, b, opts);
	}

	/** `arbor merge`: the branch ending at `fromId` summarized into `intoId` (default: the leaf). */
	merge(fromId: string, opts: Omit<MergeOptions, "signal"> = {}): Promise<MergeResult> { return this.verbs.merge(fromId, opts); }

	/** Work on this session's store that abort() ends, as a turn (a fan-out's branches: fanout/run-fanout.ts). */
	operation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> { this.idle(); return this.withOperation(work); }

	/** `!command` (`excludeFromContext`: `!!command`): the user's own command, its output stored; abort() cancels it. */
	async bash(command: string, opts: { excludeFromContext?: boolean; onOutput?: (chunk: Buffer) => void } = {}): Promise<UserBashRun> {
		this.idle();
		const { runUserBash } = await import("../tools/user-bash.js");
		return this.withOperation((signal) => runUserBash(this.current, command, { ...opts, signal, hook: this.userBash }));
	}

	/** `/reload`: settings, context files, SYSTEM.md, templates, skills and extensions read again (set-up.ts). */
	async reload(): Promise<void> {
		this.idle();
		await reloadAgent(this.deps);
	}

	/** The loaded extensions (their commands, shortcuts and bus), for a front end with a user. */
	get extensions(): ExtensionHost { return this.deps.ext; }

	/** What the system prompt and the library were read from (the chat's start-up line, /session). */
	get promptSources(): PromptSources { return this.deps.sources; }

	/** The model of summaries and compaction (default: the chat model). */
	get summaryModel(): ResolvedModel | undefined { return this.deps.models.summary ?? this.picks.chat; }

	/** Runs `/name args` when an extension registered `name`; false when none did. */
	async runCommand(text: string): Promise<boolean> {
		const match = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
		if (!match?.[1]) return false;
		this.deps.ext.setStore(this.current);
		return this.deps.ext.runCommand(match[1], match[2] ?? "");
	}

	/** Extension commands (name, description). */
	commands(): { name: string; description?: string; path: string }[] {
		return this.deps.ext.commands();
	}

	/** Prompt templates (`/name`), skills (`/skill:name`) and MCP prompts (`/mcp__server__prompt`): a prompt starting with one is sent expanded. */
	/** The session's MCP servers (docs/mcp.md): the chat's `/mcp`, approval and prompts; undefined when none is configured. */
	get mcp(): import("../mcp/manager.js").McpManager | undefined { return this.deps.mcp; }
	libraryCommands(): LibraryCommand[] { return [...libraryCommands(this.deps.library), ...(this.deps.mcp?.promptCommands() ?? [])]; }

	/** Why there is no chat model (a one-line hint), or undefined when there is one. */
	async noModelMessage(): Promise<string | undefined> {
		return this.picks.chat ? undefined : noChatModelMessage(this.deps.models, this.view);
	}

	/** Aborts what runs, fires session_shutdown, fsyncs and unlocks the session. */
	async close(): Promise<void> {
		await this.abort();
		try {
			await this.deps.ext.shutdown();
		} finally {
			await this.deps.mcp?.close();
			(await import("../tools/bash.js")).killToolProcesses();
			this.current.close();
		}
	}

	private emit(event: AgentEvent): void {
		for (const listener of this.listeners) listener(event);
	}

	private idle(): void { this.runs.idle(); }

	private withOperation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> { return this.runs.withOperation(work); }

	private async replace(store: SessionStore, reason: SwitchReason): Promise<void> {
		const old = this.current;
		this.current = store;
		// Every mode records the session it moves to as the one last worked in (a fork too: `-c` finds it).
		if (store.file) recordWorked(store.file);
		this.picks.sessionReplaced();
		old.close();
		await this.deps.ext.start(store, "switch");
		this.emit({ type: "session_changed", reason, sessionId: store.id, sessionFile: store.file });
	}
}
