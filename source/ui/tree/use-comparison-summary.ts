import { useCallback, useEffect, useRef, useState } from "react";
import type { SessionEntry } from "../../session/types.js";
import { useServices } from "../services.js";
import { NO_SUMMARY_MODEL } from "./use-tree-actions.js";
import { errorMessage } from "../../text/error-text.js";

/** The model's comparison of two branches, as the compare view shows it. */
export type ComparisonSummary =
	| { kind: "none"; notice?: string }
	| { kind: "running" }
	| { kind: "done"; text: string }
	| { kind: "failed"; message: string };

/**
 * `s` in the compare view: compareBranches with the summary model (the AI SDK loads only now).
 * The AbortController lives in a ref; `cancel()` aborts and drops a late answer.
 */
export function useComparisonSummary(): {
	summary: ComparisonSummary;
	start: (a: readonly SessionEntry[], b: readonly SessionEntry[]) => void;
	cancel: () => void;
} {
	const [summary, setSummary] = useState<ComparisonSummary>({ kind: "none" });
	const controller = useRef<AbortController | undefined>(undefined);
	useEffect(() => () => controller.current?.abort(), []);
	const { summaryModel, maxRetries } = useServices();

	const start = useCallback(
		(a: readonly SessionEntry[], b: readonly SessionEntry[]) => {
			if (!summaryModel) return setSummary({ kind: "failed", message: NO_SUMMARY_MODEL });
			const mine = new AbortController();
			controller.current = mine;
			setSummary({ kind: "running" });
			import("../../llm/compare.js")
				.then(({ compareBranches }) => compareBranches({ model: summaryModel, a, b, signal: mine.signal, maxRetries }))
				.then(
					(made) => {
						if (controller.current !== mine || mine.signal.aborted) return;
						controller.current = undefined;
						setSummary(made.ok ? { kind: "done", text: made.text } : { kind: "failed", message: `Comparison failed: ${made.message}` });
					},
					(error: unknown) => setSummary({ kind: "failed", message: errorMessage(error) }),
				);
		},
		[summaryModel, maxRetries],
	);

	const cancel = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
		setSummary({ kind: "none", notice: "Comparison cancelled" });
	}, []);

	return { summary, start, cancel };
}
