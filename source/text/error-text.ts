/**
 * The two questions every catch block asks of a thrown value, answered in one place: its message
 * (an Error's `message`, anything else as text) and its errno code (`ENOENT`, `EACCES`, …).
 */

/** The message of a thrown value: an Error's `message`, anything else (a string, a number, null) as text. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The `code` of a Node system error (`ENOENT`, …) when it has a string one; undefined otherwise. */
export function errnoCode(error: unknown): string | undefined {
	const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
	return typeof code === "string" ? code : undefined;
}
