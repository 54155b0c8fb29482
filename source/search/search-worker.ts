/**
 * A search worker thread (parallel.ts starts it): searches the files it takes off the shared
 * counter and posts their outcomes back once, when none are left.
 */
import { parentPort, workerData } from "node:worker_threads";
import { drain, portable, type WorkerReply, type WorkerTask } from "./parallel.js";

const reply: WorkerReply = [];
drain(workerData as WorkerTask, (i, outcome) => reply.push([i, portable(outcome)]));
parentPort?.postMessage(reply);
