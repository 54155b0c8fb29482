import { useReducer, useState } from "react";
import { forgetMessage, type ForgetOutcome } from "../actions/forget-action.js";
import { conversationLeaf } from "../../tree/filter.js";
import type { TreeFilter } from "../../tree/types.js";
import { useServices } from "../services.js";
import { ComparisonView } from "./comparison-view.js";
import { CustomInstructions } from "./custom-instructions.js";
import { SummaryPrompt } from "./summary-prompt.js";
import { RestorePrompt } from "./restore-prompt.js";
import { treeMessages } from "./tree-flow.js";
import { TreeSelector } from "./tree-selector.js";
import { initialTreeState, treeReducer } from "./tree-state.js";
import { TreeSummarizing } from "./tree-summarizing.js";
import { useTreeActions } from "./use-tree-actions.js";
import { useTreeRows } from "./use-tree-rows.js";

export type { TreeDone } from "./use-tree-actions.js";

export type TreeScreenProps = {
	/** False when summaries are switched off: never ask, never summarize. */
	askSummary: boolean;
	/** Terminal size; the tree takes at most half the rows. */
	rows: number;
	cols: number;
	initialFilter: TreeFilter;
	/** The entry selected on opening (a /search hit); the leaf when absent. */
	selectedId?: string;
};

/**
 * The whole /tree screen: selector → summary prompt → custom instructions → summarizing, and the
 * comparison and the merge. The session comes from useServices(); how the screen ends goes to the
 * app's reducer (`tree-done`). The selector state lives here, so going back (Esc, a failed or
 * cancelled summary) shows the same row again.
 */
export function TreeScreen(props: TreeScreenProps) {
	const { view, store } = useServices();
	// Shift+X: what /forget said, shown in place of the flow's notice until the next one.
	const [forgot, setForgot] = useState<ForgetOutcome>();
	const [tree, dispatchTree] = useReducer(treeReducer, undefined, () =>
		initialTreeState({ selectedId: props.selectedId ?? conversationLeaf(view), filter: props.initialFilter }),
	);
	const model = useTreeRows(view, tree);
	const actions = useTreeActions({ askSummary: props.askSummary });
	const f = actions.flow;
	// The app passes the rows it leaves this screen (the status line, a spare row on the alternate
	// screen), current after a resize: the terminal's own size would overrun them.
	const size = { rows: props.rows, cols: props.cols };
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
					{...treeMessages(f)}
					{...(forgot ? (forgot.ok ? { notice: forgot.text, error: undefined } : { error: forgot.text }) : {})}
					onChoose={actions.choose}
					onClose={actions.close}
					onLabel={actions.setLabel}
					onMark={actions.mark}
					onMerge={actions.merge}
					onForget={(id) => setForgot(forgetMessage(store, id))}
				/>
			);
		case "comparing":
			return <ComparisonView view={view} a={f.a} b={f.b} rows={size.rows} cols={size.cols} onClose={actions.closeComparison} />;
		case "merging":
			return <TreeSummarizing startedAt={f.startedAt} active onCancel={actions.cancelMerge} />;
		case "summary-prompt":
			return <SummaryPrompt option={f.option} error={f.error} active onMove={actions.moveOption} onChoose={actions.chooseOption} onBack={actions.back} />;
		case "custom-instructions":
			return <CustomInstructions text={f.text} active onChange={actions.editInstructions} onSubmit={actions.submitInstructions} onBack={actions.back} />;
		case "summarizing":
			return <TreeSummarizing startedAt={f.startedAt} active onCancel={actions.cancelSummary} />;
		case "restore-prompt":
			return (
				<RestorePrompt
					cursor={f.cursor}
					changes={f.changes}
					diff={f.diff}
					rows={size.rows}
					cols={size.cols}
					active
					onMove={actions.moveRestoreCursor}
					onChoose={actions.answerRestore}
					onShowDiff={actions.showDiff}
					onCloseDiff={actions.closeDiff}
					onBack={actions.back}
				/>
			);
		default: {
			const never: never = f;
			return never;
		}
	}
}
