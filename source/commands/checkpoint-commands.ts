/** `arbor checkpoints`, `restore`, `diff`, and `navigate`/`fork --restore-files`: the project's file state keyed to session entries (checkpoints/). Never Ink. */
import { loadSettings } from "../config/settings.js";
import { counted } from "../text/count.js";
import { CliError } from "../config/errors.js";
import { place, type CommonOptions } from "../config/options.js";
import { Checkpointer, RESTORE_LIMITS, RestoreCancelled, type RestoreDone, type RestoreOptions } from "../checkpoints/checkpointer.js";
import type { EventBus } from "../events/bus.js";
import { restoreHooksOn } from "../navigation/restore-hooks.js";
import { loadExtensions } from "../extensions/load-for-run.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { allCheckpoints, checkpointPrompt, fileStateAt, type Checkpoint } from "../checkpoints/records.js";
import { checkpointLimits } from "../checkpoints/setup.js";
import { checkpointJson, restoreDoneJson, restorePlanJson } from "../checkpoints/json.js";
import { CheckpointStore, type FileChange } from "../checkpoints/store.js";
import { formatBytes } from "../checkpoints/snapshot-files.js";
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import { listAllSessions } from "../session/listing.js";
import { SessionStore } from "../session/store.js";
import { terminalText } from "../text/terminal-text.js";
import { openForRead, openForRestore } from "./session-arg.js";
import { workFolderOf } from "../sync/work-folder.js";

type CheckpointOptions = CommonOptions & ExtensionFlags & { gc?: boolean; dryRun?: boolean; includeUserChanges?: boolean };

function write(text: string): number {
	process.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`);
	return 0;
}
const out = (text: string) => write(terminalText(text));
const json = (value: unknown) => write(JSON.stringify(value, null, 2));

function storeFor(view: SessionTreeView, home: string): CheckpointStore {
	// A session `arbor sync` brought into this clone works on this clone (sync/work-folder.ts).
	const cwd = workFolderOf({ file: view.file, sessionId: view.header.id, headerCwd: view.header.cwd, home });
	return new CheckpointStore(home, cwd, checkpointLimits(loadSettings({ home, cwd })));
}

function noState(id: string | null): CliError {
	return new CliError(`${id ?? "(empty conversation)"} has no checkpoint on its path`, 1);
}

/** `A a.txt` / `M b.txt` / `D c.txt` lines, as git prints them. */
function changeLines(changes: readonly FileChange[]): string[] {
	const letter = { added: "A", changed: "M", deleted: "D" } as const;
	return changes.map((c) => `  ${letter[c.status]} ${c.path}`);
}

function checkpointLine(view: SessionTreeView, c: Checkpoint): string {
	const skipped = c.data.skipped.length ? `, ${c.data.skipped.length} left out` : "";
	const turn = checkpointPrompt(view, c);
	return `${c.entryId}  ${c.timestamp}  ${counted(c.data.files, "file")}, ${formatBytes(c.data.bytes)}${skipped}  ${c.data.reason ?? ""}${turn ? `  "${turn}"` : ""}`.trimEnd();
}

export async function checkpointsCommand(arg: string, opts: CheckpointOptions): Promise<number> {
	const where = place(opts);
	const view = openForRead(arg, where).snapshot();
	if (opts.gc) return gcCommand(view, where.home, opts);
	const list = allCheckpoints(view);
	if (opts.json) return json(list.map(checkpointJson));
	return out(list.length ? list.map((c) => checkpointLine(view, c)).join("\n") : "no checkpoints in this session");
}

/** Keeps the trees any session of this project references; drops the rest with git's gc. */
async function gcCommand(view: SessionTreeView, home: string, opts: CheckpointOptions): Promise<number> {
	const cwd = view.header.cwd;
	const referenced = new Set<string>();
	for (const info of listAllSessions(home)) {
		const other = SessionStore.open(info.file).snapshot();
		for (const c of allCheckpoints(other)) if (c.data.cwd === cwd) for (const tree of [c.data.tree, c.data.restoring ?? ""]) if (tree) referenced.add(tree);
	}
	const result = await storeFor(view, home).gc(referenced);
	const freed = Math.max(0, result.before - result.after);
	if (opts.json) return json({ cwd, kept: referenced.size, dropped: result.dropped, bytesBefore: result.before, bytesAfter: result.after, freed });
	return out(`freed ${formatBytes(freed)} (${formatBytes(result.before)} → ${formatBytes(result.after)}); ${counted(referenced.size, "checkpoint")} kept, ${result.dropped} dropped`);
}

export async function restoreCommand(arg: string, entryId: string, opts: CheckpointOptions): Promise<number> {
	const where = place(opts);
	if (opts.dryRun) {
		const session = openForRead(arg, where);
		const view = session.snapshot();
		const id = view.resolveId(entryId);
		// The chat's dry run (Checkpointer.plan): the target's files checked, the working tree snapshotted, the two diffed.
		const plan = await new Checkpointer(session, storeFor(view, where.home)).plan(view, id, { keepUserChanges: !opts.includeUserChanges });
		if (!plan) throw noState(id);
		if (opts.json) return json(restorePlanJson(id, plan));
		return out(planText(`Restoring ${id} would change ${counted(plan.changes.length, "file")}:`, plan.changes, plan.userChanges));
	}
	const session = openForRestore(arg, where);
	const ext = await loadExtensions({ where, settings: loadSettings(where), flags: opts, mode: "command" });
	ext.setStore(session);
	try {
		const id = session.snapshot().resolveId(entryId);
		const done = await restoreFiles(session, id, where.home, ext.bus, { keepUserChanges: !opts.includeUserChanges });
		return restoreReport(id, done, opts.json === true, session.snapshot().header.id);
	} finally {
		session.close();
	}
}

function planText(head: string, changes: readonly FileChange[], userChanges: readonly FileChange[]): string {
	return [changes.length ? head : "The files already match.", ...changeLines(changes), ...userLines(userChanges, "would keep"), RESTORE_LIMITS].join("\n");
}

/** The user's own changes a restore leaves alone, apart from the rest (the letters: what restoring them would do). */
function userLines(userChanges: readonly FileChange[], verb: string): string[] {
	if (!userChanges.length) return [];
	return [`It ${verb} your own changes made between turns (--include-user-changes restores them too):`, ...changeLines(userChanges)];
}

/** Restores entry `id`'s file state in `session`'s cwd (a safety checkpoint first, at the leaf). */
export async function restoreFiles(session: SessionStoreApi, id: string | null, home: string, bus?: EventBus, opts: RestoreOptions = {}): Promise<RestoreDone> {
	const view = session.snapshot();
	if (!fileStateAt(view, id)) throw noState(id);
	const checkpointer = new Checkpointer(session, storeFor(view, home), undefined, restoreHooksOn(bus));
	const done = await cancellable(checkpointer.restore(id, opts));
	if (!done) throw noState(id);
	return done;
}

/**
 * Before a move with --restore-files: refuses a target without a file state (nothing moves), then
 * takes the safety checkpoint at the current leaf.
 */
export async function fileSafety(
	session: SessionStoreApi,
	targetId: string | null,
	home: string,
	bus?: EventBus,
	opts: RestoreOptions = {},
): Promise<{ safety: Checkpoint; target: Checkpoint }> {
	const view = session.snapshot();
	const target = fileStateAt(view, targetId);
	if (!target) throw noState(targetId);
	const checkpointer = new Checkpointer(session, storeFor(view, home), undefined, restoreHooksOn(bus));
	await cancellable(checkpointer.ask(targetId));
	return { safety: await checkpointer.safety(target, opts), target };
}

/** A cancelled restore is exit 1 with one line, like a cancelled move. */
async function cancellable<T>(work: Promise<T>): Promise<T> {
	try {
		return await work;
	} catch (error) {
		if (error instanceof RestoreCancelled) throw new CliError(error.message, 1);
		throw error;
	}
}

/** After the move: the target's files over the working tree the safety checkpoint holds. */
export async function restoreAfterMove(
	session: SessionStoreApi,
	{ safety, target }: { safety: Checkpoint; target: Checkpoint },
	targetId: string | null,
	home: string,
	bus?: EventBus,
): Promise<{ changes: FileChange[]; kept: string[]; userChanges: FileChange[]; safetyCheckpoint: string; text: string }> {
	const done = await new Checkpointer(session, storeFor(session.snapshot(), home), undefined, restoreHooksOn(bus)).restoreFrom(safety, target, targetId);
	const text = terminalText([`Restored files (${done.changes.length} changed):`, ...changeLines(done.changes), ...userLines(done.userChanges, "kept"), RESTORE_LIMITS].join("\n"));
	return { changes: done.changes, kept: done.kept, userChanges: done.userChanges, safetyCheckpoint: safety.entryId, text };
}

/** The text or JSON report of a restore. */
function restoreReport(id: string | null, done: RestoreDone, asJson: boolean, sessionId: string): number {
	if (asJson) {
		return json(restoreDoneJson(id, done));
	}
	const kept = done.kept.length ? [`Kept (on disk but in no checkpoint): ${done.kept.join(", ")}`] : [];
	if (done.outside.length) kept.push(`Left alone (a link on the way leads outside ${done.safety.data.cwd}): ${done.outside.join(", ")}`);
	return out(
		[
			`Restored the files of ${id ?? "(empty conversation)"} (${done.changes.length} changed; undo: arbor restore ${sessionId} ${done.safety.entryId})`,
			...changeLines(done.changes),
			...userLines(done.userChanges, "kept"),
			...kept,
			RESTORE_LIMITS,
		].join("\n"),
	);
}

export async function diffCommand(arg: string, a: string, b: string | undefined, opts: CheckpointOptions): Promise<number> {
	const where = place(opts);
	const view = openForRead(arg, where).snapshot();
	const store = storeFor(view, where.home);
	const tree = async (idArg: string) => {
		const id = view.resolveId(idArg);
		const state = fileStateAt(view, id);
		if (!state) throw noState(id);
		await store.need(state.data.tree, state.entryId);
		return state.data.tree;
	};
	const from = await tree(a);
	const to = b !== undefined ? await tree(b) : (await store.snapshot()).tree;
	if (opts.json) return json({ from, to, changes: await store.diff(from, to) });
	// The patch is the files' own bytes: sanitized like every text output.
	return out(await store.patch(from, to));
}

