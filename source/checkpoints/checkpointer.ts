/**
 * Checkpoints of one running session: snapshots taken at turn boundaries and recorded on the path,
 * restores of an entry's file state with a safety snapshot first. A refusal or a git failure is said
 * once (`onNotice`) and checkpoints stay off for the rest of the run; the chat goes on.
 */
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import { errorMessage } from "../text/error-text.js";
import { CHECKPOINT_TYPE, checkpointOnPath, fileStateAt, type Checkpoint, type CheckpointData } from "./records.js";
import { CheckpointStore, type CheckpointLimits, type FileChange } from "./store.js";

/** The hooks runTurn calls (see llm/turn.ts `checkpoints`). */
export type TurnCheckpoints = { beforeTool(toolName: string): Promise<void>; afterTurn(): Promise<void> };

/** What a restore would do or did. */
export type RestorePlan = { target: Checkpoint; current: string; changes: FileChange[] };

/**
 * Extensions' restore events (events/bus.ts `session_before_restore` / `session_restore`),
 * passed in by the modes so this layer needs no event bus.
 */
export type RestoreHooks = {
	/** Resolves true when a handler cancels: nothing is written. */
	before(event: { entryId: string | null; checkpointEntryId: string; tree: string; cwd: string }): Promise<boolean>;
	after(event: { entryId: string | null; checkpointEntryId: string; safetyEntryId: string; changes: FileChange[]; kept: string[] }): Promise<void>;
};

/** A restore an extension cancelled (`session_before_restore`). */
export class RestoreCancelled extends Error {
	constructor() {
		super("restore cancelled by an extension");
	}
}

/** What a restore did: the safety snapshot taken first, the state restored, the files written or removed. */
export type RestoreDone = { safety: Checkpoint; target: Checkpoint; changes: FileChange[]; kept: string[]; outside: string[] };

/** What a restore does not cover; said every time one is offered or done. */
export const RESTORE_LIMITS = "A restore does not cover ignored files, files over the size cap, or files outside the working directory.";

export class Checkpointer {
	private chain: Promise<unknown> = Promise.resolve();
	private off: string | undefined;

	constructor(
		readonly session: SessionStoreApi,
		readonly store: CheckpointStore,
		private readonly onNotice: (message: string) => void = () => {},
		readonly hooks?: RestoreHooks,
	) {}

	/** `copy`: the files are a fan-out branch's copy of the project (see CheckpointStore). */
	static create(opts: { session: SessionStoreApi; home: string; cwd: string; limits?: CheckpointLimits; onNotice?: (message: string) => void; hooks?: RestoreHooks; copy?: { workTree: string; indexFile: string } }): Checkpointer {
		return new Checkpointer(opts.session, new CheckpointStore(opts.home, opts.cwd, opts.limits, opts.copy), opts.onNotice, opts.hooks);
	}

	/** `session_before_restore` for entry `entryId`'s file state; throws RestoreCancelled when a handler cancels. */
	async ask(entryId: string | null): Promise<void> {
		const target = fileStateAt(this.session.snapshot(), entryId);
		if (!target || !this.hooks) return;
		if (await this.hooks.before({ entryId, checkpointEntryId: target.entryId, tree: target.data.tree, cwd: target.data.cwd })) throw new RestoreCancelled();
	}

	/** Why checkpoints are off for this run, if they are. */
	get disabled(): string | undefined {
		return this.off;
	}

	/** One at a time: snapshots and restores of the same store never overlap. */
	private serial<T>(work: () => Promise<T>): Promise<T> {
		const next = this.chain.then(work, work);
		this.chain = next.catch(() => {});
		return next;
	}

	private disable(error: unknown): void {
		if (this.off) return;
		this.off = errorMessage(error);
		this.pendingNotice = `checkpoints off: ${this.off}`;
		this.onNotice(this.pendingNotice);
	}

	private pendingNotice: string | undefined;

	/** The notice of checkpoints switched off, once (the UI shows it in the status line). */
	takeNotice(): string | undefined {
		const notice = this.pendingNotice;
		this.pendingNotice = undefined;
		return notice;
	}

	/**
	 * Snapshots the working tree and records it at the leaf, unless it equals the file state already
	 * on the path. Returns the file state at the leaf after, or undefined when checkpoints are off.
	 */
	take(reason: CheckpointData["reason"]): Promise<Checkpoint | undefined> {
		return this.serial(async () => {
			if (this.off) return undefined;
			try {
				return await this.record(reason);
			} catch (error) {
				this.disable(error);
				return undefined;
			}
		});
	}

	private async record(reason: CheckpointData["reason"]): Promise<Checkpoint> {
		const snap = await this.store.snapshot();
		const view = this.session.snapshot();
		// Only what is on the path counts: a new branch records its own first checkpoint. A restore's
		// safety checkpoint is always written: /undo-restore finds the newest one.
		const previous = checkpointOnPath(view, view.leafId);
		if (previous && previous.data.tree === snap.tree && reason !== "before-restore") return previous;
		const data: CheckpointData = { tree: snap.tree, cwd: this.store.cwd, files: snap.files, bytes: snap.bytes, skipped: snap.skipped, reason };
		const entry = this.session.append({ type: "custom", customType: CHECKPOINT_TYPE, data });
		this.session.sync();
		return { entryId: entry.id, timestamp: entry.timestamp, data };
	}

	/** Hooks for one turn: a snapshot before its first file-changing tool, and one after it if tools ran. */
	forTurn(mutating: readonly string[]): TurnCheckpoints {
		let before = false;
		let ran = false;
		return {
			beforeTool: async (toolName) => {
				ran = true;
				if (before || !mutating.includes(toolName)) return;
				before = true;
				await this.take("before-change");
			},
			afterTurn: async () => {
				if (ran) await this.take("after-turn");
			},
		};
	}

	/** The dry run of restoring entry `entryId`'s file state (undefined: it has none). */
	async plan(view: SessionTreeView, entryId: string | null): Promise<RestorePlan | undefined> {
		const target = fileStateAt(view, entryId);
		if (!target) return undefined;
		return this.serial(async () => {
			await this.store.need(target.data.tree, target.entryId);
			const current = (await this.store.snapshot()).tree;
			return { target, current, changes: await this.store.diff(current, target.data.tree) };
		});
	}

	/**
	 * Restores the file state of `entryId`: first a safety snapshot of the working tree, recorded at
	 * the current leaf (the branch being left), then the target's files. The session's leaf is not moved.
	 */
	async restore(entryId: string | null): Promise<RestoreDone | undefined> {
		// The target is read before the safety checkpoint is written: that one may land under it.
		const target = fileStateAt(this.session.snapshot(), entryId);
		if (!target) return undefined;
		await this.ask(entryId);
		return this.restoreFrom(await this.safety(target), target, entryId);
	}

	/**
	 * The safety snapshot before restoring `target`, recorded at the current leaf; throws, writing
	 * nothing, when the store lacks the target's files (CheckpointMissing) or the snapshot cannot be taken.
	 */
	safety(target: Checkpoint): Promise<Checkpoint> {
		return this.serial(async () => {
			await this.store.need(target.data.tree, target.entryId);
			return this.record("before-restore");
		});
	}

	/**
	 * Restores `target` (entry `entryId`'s file state, read before the safety checkpoint was taken) over
	 * the working tree `safety` recorded (see {@link safety}).
	 */
	async restoreFrom(safety: Checkpoint, target: Checkpoint, entryId: string | null): Promise<RestoreDone> {
		const done = await this.serial(() => this.store.restore(safety.data.tree, target.data.tree));
		await this.hooks?.after({ entryId, checkpointEntryId: target.entryId, safetyEntryId: safety.entryId, changes: done.changes, kept: done.kept });
		return { safety, target, ...done };
	}
}
