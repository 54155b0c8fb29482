import { useCallback, useEffect, useRef } from "react";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { EventBus } from "../../navigation/events.js";
import { navigateTree } from "../../navigation/navigate.js";
import type { NavigateOptions, NavigateResult } from "../../navigation/types.js";
import type { SessionStoreApi } from "../../session/api.js";
import { useLatest } from "./use-latest.js";
import { errorMessage } from "../../text/error-text.js";

/** A finished move as the tree flow sees it; thrown errors become `failed`. */
export type TreeNavigationOutcome = NavigateResult;

/**
 * Runs navigateTree for the /tree flow. The AbortController lives in a ref: `cancel()` aborts the
 * running move (navigateTree then writes nothing) and its late result is dropped, so Esc returns
 * to the tree at once even if the provider is slow to notice the abort. Unmounting aborts too.
 */
export function useTreeNavigation(opts: {
	store: SessionStoreApi;
	summaryModel?: ResolvedModel;
	bus?: EventBus;
	/** Provider retries for the summary call (ARBOR_MAX_RETRIES); the SDK default when absent. */
	maxRetries?: number;
	onOutcome: (outcome: TreeNavigationOutcome) => void;
}): { run: (targetId: string, options: Omit<NavigateOptions, "signal">) => void; cancel: () => void } {
	const controller = useRef<AbortController | undefined>(undefined);
	const latest = useLatest(opts);

	useEffect(() => () => controller.current?.abort(), []);

	const run = useCallback((targetId: string, options: Omit<NavigateOptions, "signal">) => {
		controller.current?.abort();
		const mine = new AbortController();
		controller.current = mine;
		const { store, summaryModel, bus, maxRetries } = latest.current;
		navigateTree({ store, summaryModel, bus, maxRetries }, targetId, { ...options, signal: mine.signal })
			.catch((error: unknown): NavigateResult => ({ status: "failed", message: errorMessage(error) }))
			.then((outcome) => {
				if (controller.current !== mine || mine.signal.aborted) return; // cancelled or superseded
				controller.current = undefined;
				latest.current.onOutcome(outcome);
			});
	}, [latest]);

	const cancel = useCallback(() => {
		controller.current?.abort();
		controller.current = undefined;
	}, []);

	return { run, cancel };
}
