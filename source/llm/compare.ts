import { generateText } from "ai";
import type { SessionEntry } from "../session/types.js";
import { describeError, isAbortError, type FailureReason } from "./errors.js";
import type { ResolvedModel } from "./resolve-model.js";
import { buildTranscript } from "./transcript.js";

/** The system prompt of a branch comparison. */
const COMPARE_SYSTEM =
	"You compare two branches of one conversation between a user and a coding assistant. Both branches start from the same point. Be brief and concrete.";

/** The prompt: both transcripts, then the three questions the comparison answers. */
function buildComparePrompt(a: string, b: string): string {
	return [
		"<branch-a>",
		a,
		"</branch-a>",
		"<branch-b>",
		b,
		"</branch-b>",
		"Compare branch A and branch B in at most 15 lines of Markdown with these headings:",
		"## Branch A tried",
		"## Branch B tried",
		"## What each concluded",
		"## Where they disagree",
	].join("\n");
}

/** A comparison text, or why there is none (expected failures are values, never thrown). */
type CompareResult = { ok: true; text: string } | { ok: false; reason: FailureReason; message: string };

/** Asks `model` for a short comparison of two branches (entries oldest first, each after the common ancestor). */
export async function compareBranches(opts: {
	model: ResolvedModel;
	a: readonly SessionEntry[];
	b: readonly SessionEntry[];
	signal?: AbortSignal;
	maxRetries?: number;
}): Promise<CompareResult> {
	const budget = 10_000;
	try {
		const result = await generateText({
			model: opts.model.model,
			system: COMPARE_SYSTEM,
			prompt: buildComparePrompt(buildTranscript(opts.a, budget), buildTranscript(opts.b, budget)),
			abortSignal: opts.signal,
			maxRetries: opts.maxRetries,
		});
		const text = result.text.trim();
		if (!text) return { ok: false, reason: "empty", message: "the model returned an empty comparison" };
		return { ok: true, text };
	} catch (error) {
		if (isAbortError(error, opts.signal)) return { ok: false, reason: "aborted", message: "Comparison cancelled" };
		return { ok: false, reason: "api", message: describeError(error) };
	}
}
