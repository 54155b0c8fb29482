import { usageError } from "./errors.js";

/** The most provider retries arbor accepts: more would turn one failure into a very long wait. */
const MAX_RETRIES_LIMIT = 10;
/** Seconds without a byte from the provider before a request fails (ARBOR_TIMEOUT). */
const DEFAULT_TIMEOUT_SECONDS = 120;

/** ARBOR_MAX_RETRIES: provider retries after a failed request (default: the AI SDK's 2), 0–10. */
export function maxRetries(env: NodeJS.ProcessEnv = process.env): number | undefined {
	const raw = env.ARBOR_MAX_RETRIES;
	if (raw === undefined || raw === "") return undefined;
	const n = Number(raw.trim());
	if (raw.trim() === "" || !Number.isInteger(n) || n < 0 || n > MAX_RETRIES_LIMIT) {
		throw usageError(`ARBOR_MAX_RETRIES must be a whole number from 0 to ${MAX_RETRIES_LIMIT}, not "${raw}"`);
	}
	return n;
}

/** The longest time limit a Node timer takes (2^31 - 1 ms, about 24.8 days), in whole seconds; more overflows to 1 ms. */
export const MAX_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** A variable holding seconds (fractions allowed, 0 to MAX_TIMER_SECONDS); undefined when unset or blank. */
function secondsOf(env: NodeJS.ProcessEnv, name: string): number | undefined {
	const raw = env[name];
	if (raw === undefined || raw.trim() === "") return undefined;
	const n = Number(raw.trim());
	if (!(n >= 0 && n <= MAX_TIMER_SECONDS)) throw usageError(`${name} must be a number of seconds from 0 to ${MAX_TIMER_SECONDS}, not "${raw}"`);
	return n;
}

/**
 * The request idle timeout in milliseconds: ARBOR_TIMEOUT, else the settings key `timeout`, else
 * 120 s. Both are seconds (fractions allowed); 0 switches the timeout off.
 */
export function idleTimeoutMs(env: NodeJS.ProcessEnv, settingsTimeout: number | undefined): number {
	return Math.round((secondsOf(env, "ARBOR_TIMEOUT") ?? settingsTimeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
}

/** Seconds an extension may take to load or to answer one event (ARBOR_EXTENSION_TIMEOUT). */
const DEFAULT_EXTENSION_TIMEOUT_SECONDS = 60;

/**
 * The extension time limit in milliseconds: ARBOR_EXTENSION_TIMEOUT, else the settings key
 * `extensionTimeout`, else 60 s. Both are seconds (fractions allowed); 0 switches the limit off.
 */
export function extensionTimeoutMs(env: NodeJS.ProcessEnv, settingsTimeout: number | undefined): number {
	return Math.round((secondsOf(env, "ARBOR_EXTENSION_TIMEOUT") ?? settingsTimeout ?? DEFAULT_EXTENSION_TIMEOUT_SECONDS) * 1000);
}
