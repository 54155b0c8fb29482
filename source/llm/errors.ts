import { APICallError, RetryError } from "ai";
import { oneLine } from "../text/one-line.js";
import { redactText } from "../text/secrets.js";
import { ProviderTimeoutError } from "./idle-timeout.js";

/** Why a model call did not produce a usable answer. */
export type FailureReason = "aborted" | "api" | "empty";

/** The message stored on aborted assistant turns (pi's wording). */
export const ABORTED_MESSAGE = "Request was aborted";

/** One line describing a provider/SDK error, with the HTTP status when there is one; a key the server echoed is redacted. */
export function describeError(error: unknown): string {
	return redactText(errorLine(error));
}

function errorLine(error: unknown): string {
	// The SDK wraps a body that failed mid-stream ("Failed to process successful response"); the
	// timeout is the cause worth naming.
	const timeout = findCause(error, (e) => e instanceof ProviderTimeoutError);
	if (timeout) return timeout.message;
	const inner = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
	if (APICallError.isInstance(inner)) {
		const status = inner.statusCode ? `HTTP ${inner.statusCode}: ` : "";
		return oneLine(`${status}${inner.message}`);
	}
	if (inner instanceof Error) return oneLine(inner.message || inner.name);
	return oneLine(String(inner));
}

/** True for errors caused by an abort signal (the SDK rethrows them as DOMException or AbortError). */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
	if (signal?.aborted) return true;
	return error instanceof Error && (error.name === "AbortError" || error.name === "ResponseAborted");
}

function findCause(error: unknown, match: (e: Error) => boolean): Error | undefined {
	const seen = new Set<unknown>();
	for (let e = error; e instanceof Error && !seen.has(e); e = (e as { cause?: unknown }).cause) {
		seen.add(e);
		if (match(e)) return e;
		if (RetryError.isInstance(e) && e.lastError instanceof Error && match(e.lastError)) return e.lastError;
	}
	return undefined;
}
