import { useCallback, useReducer, useState, useSyncExternalStore } from "react";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { EventBus } from "../../navigation/events.js";
import type { SessionStoreApi } from "../../session/api.js";
import { conversationLeaf, type TreeFilter } from "../../tree/rows.js";
import { useTreeFlow, type TreeDone } from "../hooks/use-tree-flow.js";
import { useTreeRows } from "../hooks/use-tree-rows.js";
import { useTerminalSize } from "../hooks/use-terminal-size.js";
import { initialTreeState, treeReducer } from "../state/tree-state.js";
import { CustomInstructions } from "./custom-instructions.js";
import { SummaryPrompt } from "./summary-prompt.js";
import { TreeSelector } from "./tree-selector.js";
import { TreeSummarizing } from "./tree-summarizing.js";
import { ComparisonView } from "./comparison-view.js";
import { useBranchActions } from "../hooks/use-branch-actions.js";
import { errorMessage } from "../../text/error-text.js";

export type { TreeDone } from "../hooks/use-tree-flow.js";

export type TreeScreenProps = {
	store: SessionStoreApi;
	summaryModel: ResolvedModel | undefined;
	/** False when summaries are switched off: never ask, never summarize. */
	askSummary: boolean;
	/** Terminal size; the tree takes at most half the rows. */
	rows: number;
	cols: number;
	initialFilter: TreeFilter;
	/** The entry selected on opening (a /search hit); the leaf when absent. */
	selectedId?: string;
	bus?: EventBus;
	/** Provider retries for the summary call (ARBOR_MAX_RETRIES); the SDK default when absent. */
	maxRetries?: number;
	/** `moved`: the app replays the new path and shows `Navigated to selected point`. */
	onDone: (done: TreeDone) => void;
};

/**
 * The whole /tree flow: selector → summary prompt → custom instructions → summarizing. The selector
 * state lives here, so going back (Esc, a failed or cancelled summary) shows the same row again.
 */
export function TreeScreen(props: TreeScreenProps) {
	const { store } = props;
	const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
	const view = useSyncExternalStore(subscribe, () => store.snapshot());
	const [tree, dispatchTree] = useReducer(treeReducer, undefined, () =>
		initialTreeState({ selectedId: props.selectedId ?? conversationLeaf(view), filter: props.initialFilter }),
	);
	const [labelError, setLabelError] = useState<string | undefined>(undefined);
	const model = useTreeRows(view, tree);
	const flow = useTreeFlow({
		store, summaryModel: props.summaryModel, bus: props.bus, maxRetries: props.maxRetries, askSummary: props.askSummary, onDone: props.onDone,
	});
	const f = flow.flow;
	const branch = useBranchActions({
		store, summaryModel: props.summaryModel, bus: props.bus, maxRetries: props.maxRetries,
		onMerged: (status) => props.onDone({ kind: "closed", status }),
	});
	const b = branch.state;
	const size = useTerminalSize({ rows: props.rows, cols: props.cols });
	const onLabel = (id: string, label: string | undefined) => {
		try {
			store.setLabel(id, label);
			setLabelError(undefined);
		} catch (error) {
			setLabelError(errorMessage(error));
		}
	};
	if (b.screen.kind === "comparison") {
		return <ComparisonView view={view} a={b.screen.a} b={b.screen.b} rows={size.rows} cols={size.cols}
			summaryModel={props.summaryModel} maxRetries={props.maxRetries} onClose={branch.closeComparison} />;
	}
	if (b.screen.kind === "merging") return <TreeSummarizing startedAt={b.screen.startedAt} active onCancel={branch.cancelMerge} />;
	switch (f.screen) {
		case "tree":
		case "navigating":
			return (
				<TreeSelector
					model={model}
					state={tree}
					dispatch={dispatchTree}
					termRows={size.rows}
					cols={size.cols}
					active={f.screen === "tree"}
					notice={(f.screen === "tree" ? f.notice : undefined) ?? b.notice}
					error={(f.screen === "tree" ? f.error : undefined) ?? labelError ?? b.error}
					onChoose={flow.choose}
					onClose={() => props.onDone({ kind: "closed" })}
					onLabel={onLabel}
					onMark={branch.mark}
					onMerge={branch.merge}
				/>
			);
		case "summary-prompt":
			return <SummaryPrompt option={f.option} error={f.error} active onMove={flow.moveOption} onChoose={flow.chooseOption} onBack={flow.back} />;
		case "custom-instructions":
			return <CustomInstructions text={f.text} active onChange={flow.editInstructions} onSubmit={flow.submitInstructions} onBack={flow.back} />;
		case "summarizing":
			return <TreeSummarizing startedAt={f.startedAt} active onCancel={flow.cancelSummary} />;
		default: {
			const never: never = f;
			return never;
		}
	}
}
