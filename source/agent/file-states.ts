/**
 * The file-state part of AgentSession (agent-session.ts): one Checkpointer per session store (a
 * fork or switch gets its own), the checkpoints list, `restoreFiles` as `arbor restore` does it, and
 * the restorer that `navigate --restore-files` uses. It reads the live session through
 * {@link FileStateHost} each time, so a fork or a switch applies at once.
 */
import type { Settings } from "../config/settings.js";
import type { ExtensionHost } from "../extensions/setup.js";
import { restoreHooksOn } from "../navigation/restore-hooks.js";
import type { SessionStore } from "../session/store.js";
import { terminalText } from "../text/terminal-text.js";
import { RestoreCancelled, type Checkpointer } from "../checkpoints/checkpointer.js";
import { allCheckpoints, fileStateAt, type Checkpoint } from "../checkpoints/records.js";
import { chatCheckpointer } from "../checkpoints/setup.js";
import { AgentError, type AgentOpenOptions, type AgentRestoreResult } from "./types.js";

/** What the file-state part reads from its session. */
type FileStateHost = {
	store(): SessionStore;
	/** Throws AgentError "busy" while a run or an operation goes. */
	idle(): void;
	deps: { opts: AgentOpenOptions; settings: Settings; ext: ExtensionHost };
};

export class FileStates {
	private readonly checkpointers = new WeakMap<SessionStore, Checkpointer>();

	constructor(private readonly host: FileStateHost) {}

	/** The checkpointer of the live session, or undefined when checkpoints are switched off. */
	get checkpointer(): Checkpointer | undefined {
		const store = this.host.store();
		const made = this.checkpointers.get(store);
		if (made) return made;
		const { opts, settings, ext } = this.host.deps;
		const notice = opts.notice ?? ((line: string) => process.stderr.write(`arbor: ${terminalText(line)}\n`));
		// A fan-out branch records its copy's files in the project's store (docs/fanout.md).
		const branch = opts.branch;
		const copy = branch ? { workTree: opts.cwd, indexFile: branch.indexFile } : undefined;
		const created = chatCheckpointer({ flags: opts, settings, session: store, where: { cwd: branch?.projectCwd ?? opts.cwd, home: opts.home }, onNotice: notice, hooks: restoreHooksOn(ext.bus), copy });
		if (created) this.checkpointers.set(store, created);
		return created;
	}

	/** The checkpoints of the session, in file order (as `arbor checkpoints` lists them). */
	list(): Checkpoint[] {
		return allCheckpoints(this.host.store().snapshot());
	}

	/** See AgentSession.restoreFiles. */
	async restoreFiles(entryIdOrPrefix: string, opts: { dryRun?: boolean; includeUserChanges?: boolean }): Promise<AgentRestoreResult> {
		const keep = { keepUserChanges: !opts.includeUserChanges };
		this.host.idle();
		const view = this.host.store().snapshot();
		const id = view.resolveId(entryIdOrPrefix);
		const { checkpointer } = this.restorer(id);
		if (opts.dryRun) {
			const plan = await checkpointer.plan(this.host.store().snapshot(), id, keep);
			if (!plan) throw noFileState(id);
			return { dryRun: true, plan };
		}
		const done = await this.cancellable(() => checkpointer.restore(id, keep));
		if (!done) throw noFileState(id);
		return { dryRun: false, done };
	}

	/** The checkpointer for restoring `entryId`'s file state; throws when there is none to restore. */
	restorer(entryId: string | null): { checkpointer: Checkpointer; target: Checkpoint } {
		const checkpointer = this.checkpointer;
		if (!checkpointer) throw new AgentError("invalid", 'checkpoints are off (--no-checkpoints or "checkpoints": false)');
		const target = fileStateAt(this.host.store().snapshot(), entryId);
		if (!target) throw noFileState(entryId);
		return { checkpointer, target };
	}

	/** A restore an extension cancelled is an AgentError "cancelled". */
	async cancellable<T>(work: () => Promise<T>): Promise<T> {
		try {
			return await work();
		} catch (error) {
			if (error instanceof RestoreCancelled) throw new AgentError("cancelled", error.message);
			throw error;
		}
	}
}

/** The entry has no checkpoint on its path (the message `arbor restore` gives). */
function noFileState(entryId: string | null): AgentError {
	return new AgentError("invalid", `${entryId ?? "(empty conversation)"} has no checkpoint on its path`);
}
