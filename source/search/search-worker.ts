/**
 * A search worker thread (parallel.ts starts it): once the main thread sends the units, searches
 * those it takes off the shared counter and posts their outcomes back once, when none are left.
 */
import { parentPort, workerData } from "node:worker_threads";
import { drain, portable, type WorkerReply, type WorkerStart } from "./parallel.js";
import type { Unit } from "./units.js";

parentPort?.once("message", (units: Unit[]) => {
	const reply: WorkerReply = [];
	drain({ ...(workerData as WorkerStart), units }, (i, outcome) => reply.push([i, portable(outcome)]));
	parentPort?.postMessage(reply);
});
