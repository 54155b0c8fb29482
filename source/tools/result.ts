/**
 * Shared result/error types of the built-in tools. Tools return text for the model plus optional
 * structured details for the UI; expected failures are thrown as ToolError so the AI SDK turns them
 * into a tool-error result carrying exactly one clear message.
 */

/** What every tool function returns. `isError` marks results the model should treat as failures
 * (e.g. a non-zero exit code) without them being thrown. */
export type ToolResult<D = Record<string, unknown>> = {
	output: string;
	details?: D;
	isError?: boolean;
	/** Images for the model beside `output` (base64), as pi stores them: `read` of a picture. */
	images?: { data: string; mimeType: string }[];
};

/** An expected tool failure (missing file, ambiguous edit, …) with a message meant for the model. */
export class ToolError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ToolError";
	}
}

/** Throws a ToolError when the call was aborted before or between steps. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new ToolError("cancelled");
}
