import { generateText } from "ai";
import { describeError } from "./errors.js";
import type { ResolvedModel } from "./resolve-model.js";

/** Options for {@link completeText}. */
type CompleteTextOptions = {
	model: ResolvedModel;
	system?: string;
	prompt: string;
	signal?: AbortSignal;
	maxRetries?: number;
};

/**
 * One plain model call (no tools, no session): the answer's text. For extensions' `complete`.
 * Throws an Error with a one-line message when the call fails, like a user-facing API would.
 */
export async function completeText(opts: CompleteTextOptions): Promise<string> {
	try {
		const result = await generateText({
			model: opts.model.model,
			...(opts.system !== undefined ? { system: opts.system } : {}),
			prompt: opts.prompt,
			abortSignal: opts.signal,
			maxRetries: opts.maxRetries,
		});
		return result.text;
	} catch (error) {
		throw new Error(`${opts.model.spec}: ${describeError(error)}`, { cause: error });
	}
}
