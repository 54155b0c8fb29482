import { usageError } from "../errors.js";

/** ARBOR_MAX_RETRIES: provider retries after a failed request (default: the AI SDK's 2). */
export function maxRetries(env: NodeJS.ProcessEnv = process.env): number | undefined {
	const raw = env.ARBOR_MAX_RETRIES;
	if (raw === undefined || raw === "") return undefined;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 0) throw usageError(`ARBOR_MAX_RETRIES must be a whole number >= 0, not "${raw}"`);
	return n;
}
