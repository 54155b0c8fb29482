import { useCallback, useEffect, useRef, useState } from "react";
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
 * `s` in the compare view: the session core compares the two branches with the summary model
 * (agent.compare). The AbortController lives in a ref; `cancel()` aborts the core's work and drops
 * a late answer.
 */
export function useComparisonSummary(): {
	summary: ComparisonSummary;
	start: (a: string, b: string) => void;
	cancel: () => void;
} {
	const [summary, setSummary] = useState<ComparisonSummary>({ kind: "none" });
	const controller = useRef<AbortController | undefined>(undefined);
	const { summaryModel, agent } = useServices();
	useEffect(() => () => controller.current?.abort(), []);

	const start = useCallback(
		(a: string, b: string) => {
			if (!summaryModel) return setSummary({ kind: "failed", message: NO_SUMMARY_MODEL });
			const mine = new AbortController();
			controller.current = mine;
			mine.signal.addEventListener("abort", () => void agent.abort(), { once: true });
			setSummary({ kind: "running" });
			agent.compare(a, b, { summarize: true }).then(
				(made) => {
					if (controller.current !== mine || mine.signal.aborted) return;
					controller.current = undefined;
					setSummary({ kind: "done", text: made.summary ?? "" });
				},
				(error: unknown) => {
					if (controller.current !== mine || mine.signal.aborted) return;
					controller.current = undefined;
					const message = errorMessage(error);
					setSummary({ kind: "failed", message: message.charAt(0).toUpperCase() + message.slice(1) });
				},
			);
		},
		[summaryModel, agent],
	);

	const cancel = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
		setSummary({ kind: "none", notice: "Comparison cancelled" });
	}, []);

	return { summary, start, cancel };
}
