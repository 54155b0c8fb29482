/**
 * The private copies of tasks that may write (docs/tasks.md): the folder's files snapshotted into
 * the project's checkpoint store and checked out under `$ARBOR_HOME/tasks/` (as the fan-out's
 * copies), the task's built-in tools made again to work there, its bash in the sandbox (writable:
 * the copy and a private temp folder). When the task ends its changes come back through a 3-way
 * merge (checkpoints/bring-back.ts). Where no copy can be made (no sandbox for bash, no git, a
 * refused folder) arbor says why once and the task works in the folder itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ToolSet } from "ai";
import { bringBack } from "../checkpoints/bring-back.js";
import { checkpointLimits } from "../checkpoints/setup.js";
import { CheckpointStore } from "../checkpoints/store.js";
import { materialiseCopy, type WorkCopy } from "../checkpoints/work-copy.js";
import type { Settings } from "../config/settings.js";
import { sandboxedCommand, sandboxUnavailable } from "../sandbox/sandbox.js";
import type { CommandWrapper } from "../tools/bash.js";
import { errorMessage } from "../text/error-text.js";
import type { CopyFiles, CopyReturn, TaskCopies, TaskCopy } from "../tasks/types.js";

/** How long a copy whose changes did not all come back is kept (removed by a later task's start). */
const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the copies need from the session. */
export type CopyDeps = {
	home: string;
	/** The project: its checkpoint store holds every copy's trees. */
	projectCwd: string;
	settings: Settings;
	allowNet: boolean;
	sessionId(): string;
	/** The session's built-in tools made again for another folder, with another bash wrapper. */
	inFolder(cwd: string, wrap?: CommandWrapper): ToolSet;
	warn(line: string): void;
};

/** Copies made from the project (`from` absent) or from a task's copy (its tasks' copies). */
export function taskCopies(deps: CopyDeps, from?: CopyFiles): TaskCopies {
	let said = false;
	const warnOnce = (line: string) => {
		if (!said) deps.warn(line);
		said = true;
	};
	return {
		make: async (tools) => {
			const missing = "bash" in tools ? sandboxUnavailable() : undefined;
			if (missing) return void warnOnce(`tasks that run bash work in the working tree, one at a time: no sandbox: ${missing}`);
			try {
				return await makeCopy(deps, from, tools);
			} catch (error) {
				return void warnOnce(`tasks that may write work in the working tree, one at a time: no copy: ${errorMessage(error)}`);
			}
		},
	};
}

function storeOf(deps: CopyDeps, files?: CopyFiles): CheckpointStore {
	return new CheckpointStore(deps.home, deps.projectCwd, checkpointLimits(deps.settings), files);
}

async function makeCopy(deps: CopyDeps, from: CopyFiles | undefined, tools: ToolSet): Promise<TaskCopy> {
	sweep(path.join(deps.home, "tasks"));
	const base = (await storeOf(deps, from).snapshot()).tree;
	const dir = fs.mkdtempSync(path.join(tasksDir(deps.home), `${deps.sessionId().slice(0, 8)}-`));
	const copy = await materialiseCopy({ home: deps.home, projectCwd: deps.projectCwd, tree: base, dir });
	const wrap = "bash" in tools ? sandboxedCommand({ writable: [copy.cwd], tmp: copy.tmp, arborHome: deps.home, allowNet: deps.allowNet }) : undefined;
	const there = deps.inFolder(copy.cwd, wrap);
	// The built-ins work in the copy; the others (extensions', MCP servers') are the session's.
	const own = Object.fromEntries(Object.keys(tools).flatMap((name) => (there[name] ? [[name, there[name]]] : [])));
	const files: CopyFiles = { workTree: copy.cwd, indexFile: copy.indexFile };
	return { cwd: copy.cwd, tools: { ...tools, ...own }, files, copies: taskCopies(deps, files), bringBack: () => comeBack(deps, from, copy, dir) };
}

/** `$ARBOR_HOME/tasks/`, private like the fan-out's folder. */
function tasksDir(home: string): string {
	const dir = path.join(home, "tasks");
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	return dir;
}

/** The copy's changes into the folder it was made from; the copy removed when all came back. */
async function comeBack(deps: CopyDeps, from: CopyFiles | undefined, copy: WorkCopy, dir: string): Promise<CopyReturn> {
	try {
		const end = (await storeOf(deps, { workTree: copy.cwd, indexFile: copy.indexFile }).snapshot()).tree;
		const back = await bringBack(storeOf(deps, from), copy.tree, end);
		const result: CopyReturn = { applied: back.applied.map((c) => c.path), notApplied: back.notApplied };
		if (back.notApplied.length === 0) fs.rmSync(dir, { recursive: true, force: true });
		return back.notApplied.length === 0 ? result : { ...result, kept: copy.cwd };
	} catch (error) {
		return { applied: [], notApplied: [], kept: copy.cwd, error: errorMessage(error) };
	}
}

/** Removes the copies kept longer than {@link KEEP_DAYS}. */
function sweep(dir: string): void {
	let names: string[];
	try {
		names = fs.readdirSync(dir);
	} catch {
		return;
	}
	const before = Date.now() - KEEP_DAYS * DAY_MS;
	for (const name of names) {
		const full = path.join(dir, name);
		try {
			if (fs.statSync(full).mtimeMs < before) fs.rmSync(full, { recursive: true, force: true });
		} catch {
			// Gone meanwhile, or not ours to remove: left.
		}
	}
}
