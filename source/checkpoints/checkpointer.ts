/**
 * Checkpoints of one running session: snapshots taken at turn boundaries and recorded on the path,
 * restores of an entry's file state with a safety snapshot first. A refusal or a git failure is said
 * once (`onNotice`) and checkpoints stay off for the rest of the run; the chat goes on.
 */
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import { errorMessage } from "../text/error-text.js";
import { CHECKPOINT_TYPE, checkpointOnPath, fileStateAt, type Checkpoint, type CheckpointData } from "./records.js";
import { recordPromptPoint } from "./prompt-point.js";
import { CheckpointStore, type CheckpointLimits, type Snapshot } from "./store.js";
import { treeKeepingUserChanges, userChangedPaths } from "./user-changes.js";
import { RestoreCancelled, type RestoreDone, type RestoreHooks, type RestoreOptions, type RestorePlan, type TurnCheckpoints } from "./restore-types.js";

export { RESTORE_LIMITS, RestoreCancelled, type RestoreDone, type RestoreHooks, type RestoreOptions, type RestorePlan, type TurnCheckpoints } from "./restore-types.js";

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

	private async record(reason: CheckpointData["reason"], taken?: { snap: Snapshot; restoring?: string }): Promise<Checkpoint> {
		const snap = taken?.snap ?? (await this.store.snapshot());
		const view = this.session.snapshot();
		// Only what is on the path counts: a new branch records its own first checkpoint. A restore's
		// safety checkpoint is always written: /undo-restore finds the newest one.
		const previous = checkpointOnPath(view, view.leafId);
		if (previous && previous.data.tree === snap.tree && reason !== "before-restore") return previous;
		const data: CheckpointData = { tree: snap.tree, cwd: this.store.cwd, files: snap.files, bytes: snap.bytes, skipped: snap.skipped, reason, ...(taken?.restoring ? { restoring: taken.restoring } : {}), ...(this.store.inCopy ? { copy: true as const } : {}) };
		const entry = this.session.append({ type: "custom", customType: CHECKPOINT_TYPE, data });
		this.session.syncSoon();
		return { entryId: entry.id, timestamp: entry.timestamp, data };
	}

	/**
	 * Hooks for one turn: a snapshot as its prompt is sent (recorded beside the prompt, see
	 * {@link promptTaker}), one before its first file-changing tool, and one after it if tools ran.
	 * A tree equal to the file state already on the path is not recorded again.
	 */
	forTurn(mutating: readonly string[]): TurnCheckpoints {
		let before: Promise<unknown> | undefined;
		let ran = false;
		return {
			beforePrompt: () => this.promptTaker(),
			// Every file-changing tool waits for the one snapshot: a parallel call must not change files while it is taken.
			beforeTool: async (toolName) => {
				ran = true;
				if (!mutating.includes(toolName)) return;
				before ??= this.take("before-change");
				await before;
			},
			afterTurn: async () => {
				if (ran) await this.take("after-turn");
			},
		};
	}

	/** Snapshots the working tree as a prompt is sent; what it resolves records it (prompt-point.ts). */
	private async promptTaker(): Promise<(userEntryId: string) => void> {
		const snap = await this.serial(async () => (this.off ? undefined : this.store.snapshot().catch((error: unknown) => void this.disable(error))));
		return (userEntryId) => snap && recordPromptPoint(this.session, this.store, snap, userEntryId);
	}

	/** The dry run of restoring entry `entryId`'s file state (undefined: it has none). */
	async plan(view: SessionTreeView, entryId: string | null, opts: RestoreOptions = {}): Promise<RestorePlan | undefined> {
		const target = fileStateAt(view, entryId);
		if (!target) return undefined;
		return this.serial(async () => {
			await this.store.need(target.data.tree, target.entryId);
			const current = (await this.store.snapshot()).tree;
			const all = await this.store.diff(current, target.data.tree);
			const user = opts.keepUserChanges ? await userChangedPaths(this.store, view, all, current) : new Set<string>();
			return { target, current, changes: all.filter((c) => !user.has(c.path)), userChanges: all.filter((c) => user.has(c.path)) };
		});
	}

	/**
	 * Restores the file state of `entryId`: first a safety snapshot of the working tree, recorded at
	 * the current leaf (the branch being left), then the target's files. The session's leaf is not moved.
	 */
	async restore(entryId: string | null, opts: RestoreOptions = {}): Promise<RestoreDone | undefined> {
		// The target is read before the safety checkpoint is written: that one may land under it.
		const target = fileStateAt(this.session.snapshot(), entryId);
		if (!target) return undefined;
		await this.ask(entryId);
		return this.restoreFrom(await this.safety(target, opts), target, entryId);
	}

	/**
	 * The safety snapshot before restoring `target`, recorded at the current leaf; throws, writing
	 * nothing, when the store lacks the target's files (CheckpointMissing) or the snapshot cannot be taken.
	 * It records as `restoring` the tree the restore will write (the target, or with the user's changes kept).
	 */
	safety(target: Checkpoint, opts: RestoreOptions = {}): Promise<Checkpoint> {
		return this.serial(async () => {
			await this.store.need(target.data.tree, target.entryId);
			const snap = await this.store.snapshot();
			const keeping = opts.keepUserChanges ? await treeKeepingUserChanges(this.store, this.session.snapshot(), snap.tree, target.data.tree) : undefined;
			return this.record("before-restore", { snap, restoring: keeping ?? target.data.tree });
		});
	}

	/**
	 * Restores `target` (entry `entryId`'s file state, read before the safety checkpoint was taken) over
	 * the working tree `safety` recorded (see {@link safety}).
	 */
	async restoreFrom(safety: Checkpoint, target: Checkpoint, entryId: string | null): Promise<RestoreDone> {
		const to = safety.data.restoring ?? target.data.tree;
		const done = await this.serial(async () => ({
			...(await this.store.restore(safety.data.tree, to)),
			// What restoring the whole target would still change: the user's files, left alone.
			userChanges: to === target.data.tree ? [] : await this.store.diff(to, target.data.tree),
		}));
		await this.hooks?.after({ entryId, checkpointEntryId: target.entryId, safetyEntryId: safety.entryId, changes: done.changes, kept: done.kept });
		return { safety, target, ...done };
	}
}
