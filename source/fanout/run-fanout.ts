/**
 * A fan-out (docs/fanout.md): N sibling branches from one entry, each sending the same prompt at the
 * same time through its own AgentSession, each in its own copy of the project's files at that entry,
 * their bash in the sandbox. One process holds the session's lock and writes every branch's lines
 * (SessionStore.branchAt). The face (commands/fanout.ts, RPC, ACP, the chat) prints what it returns.
 */
import * as path from "node:path";
import { AgentSession, type AgentOpenOptions } from "../agent/agent-session.js";
import { CheckpointStore } from "../checkpoints/store.js";
import { fileStateAt } from "../checkpoints/records.js";
import { checkpointLimits } from "../checkpoints/setup.js";
import { loadSettings, type Settings } from "../config/settings.js";
import { usageError } from "../config/errors.js";
import { sandboxedCommand, sandboxUnavailable } from "../sandbox/sandbox.js";
import type { CommandWrapper } from "../tools/bash.js";
import { runBranch, type BranchEvent, type BranchOutcome } from "./branch.js";
import { materialiseCopy } from "../checkpoints/work-copy.js";
import { fanoutDir } from "./work-copy.js";

/** The most branches without the `fanoutMax` setting. */
const DEFAULT_FANOUT_MAX = 8;

/** What a fan-out is asked to do. */
export type FanoutRequest = {
	/** The chat flags and place of the run (the session is `session`). */
	open: AgentOpenOptions;
	/** The session's open AgentSession (RPC's), whose store the branches write through; default: one opened here. */
	trunk?: AgentSession;
	/** The entry to branch from (id or prefix); default: the leaf. */
	entryId?: string;
	/** N branches of the default model, or one per model. */
	count?: number;
	models?: readonly string[];
	prompt: string;
	check?: string;
	/** `--no-sandbox`: bash runs unconfined (the default refuses without a sandbox). */
	noSandbox?: boolean;
	/** `--allow-net` (or the setting `sandboxNetwork`): the sandbox keeps the network. */
	allowNet?: boolean;
	signal: AbortSignal;
	onEvent?: (event: BranchEvent) => void;
};

/** What a fan-out did: where, from which entry, and one row per branch. */
export type FanoutResult = { sessionFile: string | undefined; entryId: string | null; dir: string; branches: BranchOutcome[] };

/** An open fan-out's session: the trunk that holds the lock, used again to keep a branch. */
type Fanout = { agent: AgentSession; result: FanoutResult };

/** Starts every branch, waits for all of them (a failure is a row, an abort ends the running ones). */
export async function runFanout(request: FanoutRequest): Promise<Fanout> {
	const settings = request.open.settings ?? loadSettings(request.open);
	const models = branchModels(request, settings.fanoutMax ?? DEFAULT_FANOUT_MAX);
	const wrap = branchSandbox(request, settings);
	const agent = request.trunk ?? (await AgentSession.open({ ...request.open, settings }));
	try {
		// The trunk's abort() (RPC's `abort`, ACP's `session/cancel`) ends the running branches too.
		const result = await agent.operation((stop) => fanOut(agent, { ...request, signal: AbortSignal.any([request.signal, stop]) }, { models, wrap, settings }));
		return { agent, result };
	} catch (error) {
		if (!request.trunk) await agent.close();
		throw error;
	}
}

type Plan = { models: (string | undefined)[]; wrap: ((copy: { cwd: string; tmp: string }) => CommandWrapper) | undefined; settings: Settings };

/** The copies, then every branch at once; the leaf stays where it was. */
async function fanOut(agent: AgentSession, request: FanoutRequest, plan: Plan): Promise<FanoutResult> {
	const { models, wrap, settings } = plan;
	const view = agent.store.snapshot();
	const entryId = request.entryId ? view.resolveId(request.entryId) : view.leafId;
	const tree = await startTree(agent, entryId, new CheckpointStore(request.open.home, request.open.cwd, checkpointLimits(settings)));
	const dir = fanoutDir(request.open.home, agent.store.id);
	const copies = await Promise.all(models.map((_, k) => materialiseCopy({ home: request.open.home, projectCwd: request.open.cwd, tree, dir: path.join(dir, String(k + 1)) })));
	const base: AgentOpenOptions = { ...request.open, settings };
	const onEvent = request.onEvent ?? (() => {});
	const closes: (() => Promise<void>)[] = [];
	const defer = (close: () => Promise<void>) => void closes.push(close);
	const runs = copies.map((copy, k) =>
		runBranch({ index: k + 1, count: models.length, trunk: agent.store, entryId, copy, base, model: models[k], prompt: request.prompt, check: request.check, wrap: wrap?.(copy), signal: request.signal, onEvent, defer }),
	);
	const branches = await Promise.all(runs);
	for (const close of closes) await close();
	keepLeaf(agent);
	return { sessionFile: agent.store.file, entryId, dir, branches };
}

/** The model of each branch: `--models a,b,c`, or the default model N times; at most `max`. */
function branchModels(request: FanoutRequest, max: number): (string | undefined)[] {
	const models = request.models?.filter((m) => m.trim() !== "") ?? [];
	if (models.length > 0 && request.count !== undefined && request.count !== models.length) throw usageError("give -n or --models, not both (--models makes one branch per model)");
	const count = models.length > 0 ? models.length : (request.count ?? 0);
	if (!Number.isInteger(count) || count < 1) throw usageError("a fan-out needs -n <number of branches> or --models a,b,c");
	if (count > max) throw usageError(`${count} branches is more than fanoutMax (${max}); raise the setting "fanoutMax" to run more`);
	return models.length > 0 ? models : Array.from({ length: count }, () => request.open.model);
}

/** The sandbox of each branch's copy; refused (a usage error) when bash would run and no sandbox can. */
function branchSandbox(request: FanoutRequest, settings: { sandboxNetwork?: boolean }): ((copy: { cwd: string; tmp: string }) => CommandWrapper) | undefined {
	const tools = request.open.tools;
	const bash = tools === undefined ? true : tools !== false && tools.split(",").map((t) => t.trim()).includes("bash");
	if (request.noSandbox) return undefined;
	const missing = sandboxUnavailable();
	if (missing) {
		if (!bash && !request.check) return undefined;
		throw usageError(`no sandbox: ${missing}; a fan-out with bash or --check runs only in one (give --no-sandbox to run without it)`);
	}
	const allowNet = request.allowNet === true || settings.sandboxNetwork === true;
	return (copy) => sandboxedCommand({ writable: [copy.cwd], tmp: copy.tmp, arborHome: request.open.home, allowNet });
}

/** The file state at the entry (its checkpoint), else the working tree as it is now (snapshotted, not recorded). */
async function startTree(agent: AgentSession, entryId: string | null, store: CheckpointStore): Promise<string> {
	const state = fileStateAt(agent.store.snapshot(), entryId);
	if (state) {
		await store.need(state.data.tree, state.entryId);
		return state.data.tree;
	}
	return (await store.snapshot()).tree;
}

/**
 * The leaf stays where it was: the branches' lines come after it in the file, and a file opened
 * again starts at its last line unless a leaf marker says otherwise (`--keep` moves it on from here).
 */
function keepLeaf(agent: AgentSession): void {
	const leaf = agent.store.snapshot().leafId;
	if (leaf === null) return;
	agent.store.moveLeaf(null, { marker: false });
	agent.store.moveLeaf(leaf);
}
