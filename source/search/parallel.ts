/**
 * `arbor search` over many bytes on more than one core: the files — a large one cut into byte
 * ranges (units.ts) — are shared out between the main thread and worker threads (each takes the
 * next unclaimed unit from a shared counter, so a thread that finishes early takes more), and the
 * outcomes are merged in file order — the result is the same as {@link searchSessions}', byte for byte.
 */
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { errnoCode } from "../text/error-text.js";
import { must } from "../text/must.js";
import { parseQuery, type Query } from "./query.js";
import { mergeOutcomes, searchFile, type FileOutcome, type SearchOptions, type SearchResult } from "./search.js";
import { combineUnits, planUnits, type Unit } from "./units.js";

/** Below this many bytes in all, one thread: starting a worker (tens of ms) would cost more than it saves. */
export const PARALLEL_BYTES = 64 * 1024 * 1024;
const MAX_THREADS = 4;

/** What the main thread gives a worker (search-worker.ts) when starting it. */
export type WorkerStart = { files: readonly string[]; queryText: string; limit: number; next: SharedArrayBuffer };
/** What it sends next, once it has planned them: the units to take (the worker starts up meanwhile). */
type WorkerTask = WorkerStart & { units: readonly Unit[] };
/** What a worker gives back: the outcome of each unit it took, by index into the units. */
export type WorkerReply = [index: number, outcome: FileOutcome][];

/** The worker's script beside this module (in the build: dist/search-worker.js beside dist/search-command.js). */
const WORKER_URL = new URL("./search-worker.js", import.meta.url);

/** Whether `files` hold at least `bytes` in all (stops counting there). */
function holdAtLeast(files: readonly string[], bytes: number): boolean {
	let n = 0;
	for (const f of files) {
		try {
			n += statSync(f).size;
		} catch {
			// unreadable: the search reports it
		}
		if (n >= bytes) return true;
	}
	return false;
}

/**
 * How many threads search `files` (the main one included): `ARBOR_SEARCH_THREADS` when set (a
 * whole number ≥ 1), else every core (up to 4) when the files hold at least {@link PARALLEL_BYTES};
 * never more than there are files, unless they hold that much (a large file may be cut into
 * ranges: units.ts), and never more than 4 then.
 */
export function searchThreads(files: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
	const set = Number(env.ARBOR_SEARCH_THREADS);
	const large = holdAtLeast(files, PARALLEL_BYTES);
	const wanted = Number.isInteger(set) && set >= 1 ? set : large ? Math.min(availableParallelism(), MAX_THREADS) : 1;
	return Math.max(1, Math.min(wanted, large ? MAX_THREADS : files.length));
}

/** Takes unit indexes off the shared counter until none are left, searching each (`query`: the task's, parsed). */
export function drain(task: WorkerTask, onOutcome: (index: number, outcome: FileOutcome) => void, query: Query = parseQuery(task.queryText)): void {
	const next = new Int32Array(task.next);
	for (let i = Atomics.add(next, 0, 1); i < task.units.length; i = Atomics.add(next, 0, 1)) {
		const { file, range, pair } = must(task.units[i], "unit to search");
		onOutcome(i, searchFile(must(task.files[file], "file to search"), query, task.limit, range, pair));
	}
}

/** An fs error as plain data a thread can pass on (the skip warning reads only its code and message). */
export function portable(outcome: FileOutcome): FileOutcome {
	if (outcome.kind !== "skipped") return outcome;
	const { error } = outcome;
	return { kind: "skipped", error: { code: errnoCode(error), message: error instanceof Error ? error.message : String(error) } };
}

type Running = { worker: Worker; reply: Promise<WorkerReply> };

function runWorker(start: WorkerStart, url: URL): Running {
	const worker = new Worker(url, { workerData: start });
	const reply = new Promise<WorkerReply>((resolve, reject) => {
		worker.once("message", (r: WorkerReply) => resolve(r));
		worker.once("error", reject);
		worker.once("exit", (code) => reject(new Error(`search worker exited (code ${code}) without an answer`)));
	});
	return { worker, reply };
}

/** What {@link searchSessionsParallel} did besides the result: how many threads, units, and how many units workers searched (for tests). */
type ParallelRun = { result: SearchResult; threads: number; units: number; byWorkers: number };

/**
 * {@link searchSessions} on `threads` threads (default {@link searchThreads}). Throws on a bad
 * query before any thread starts; a file that cannot be read is reported to `onSkip`, in file order.
 * `mainScans: false` leaves every file to the workers (tests: a worker is sure to search them).
 */
export async function searchSessionsParallel(
	files: readonly string[],
	queryText: string,
	limit: number,
	opts: SearchOptions & { threads?: number; workerUrl?: URL; mainScans?: boolean } = {},
): Promise<ParallelRun> {
	const query = parseQuery(queryText);
	const threads = opts.threads ?? searchThreads(files);
	const start: WorkerStart = { files, queryText, limit, next: new SharedArrayBuffer(4) };
	// Workers start first (their start-up overlaps the main thread's planning and scan), then get the units.
	const workers = Array.from({ length: threads - 1 }, () => runWorker(start, opts.workerUrl ?? WORKER_URL));
	const units = planUnits(files, query, threads);
	const task: WorkerTask = { ...start, units };
	for (const { worker } of workers) worker.postMessage(units);
	const outcomes: (FileOutcome | undefined)[] = new Array<FileOutcome | undefined>(units.length);
	let byMain = 0;
	if (opts.mainScans !== false) {
		drain(
			task,
			(i, outcome) => {
				outcomes[i] = outcome;
				byMain++;
			},
			query,
		);
	}
	let byWorkers = 0;
	if (byMain === units.length) {
		// The main thread searched every unit before any worker took one (a worker still starting
		// up): no need to wait for them.
		for (const { worker, reply } of workers) {
			reply.catch(() => undefined); // its "exit" rejects once terminated: nothing is lost
			void worker.terminate();
		}
	} else {
		for (const reply of await Promise.all(workers.map((w) => w.reply))) {
			for (const [i, outcome] of reply) {
				outcomes[i] = outcome;
				byWorkers++;
			}
		}
	}
	// Each file's units are together, in offset order.
	const byFile: FileOutcome[][] = files.map(() => []);
	units.forEach((u, i) => must(byFile[u.file], "units of a file").push(must(outcomes[i], "outcome of a searched unit")));
	const result = mergeOutcomes(files, queryText, query, limit, (i) => combineUnits(must(byFile[i], "units of a file"), limit), opts);
	return { result, threads, units: units.length, byWorkers };
}
