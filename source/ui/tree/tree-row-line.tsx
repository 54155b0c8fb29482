import { memo } from "react";
import { Text } from "ink";
import { formatTreeRowParts, isDimKind } from "../../tree/format.js";
import type { TreeRow } from "../../tree/types.js";

/**
 * One tree row. The selected row is one bold inverse run (nested dim/bold resets would cut the
 * highlight); other rows dim assistant/tool text and highlight labels. The markers (`›`, `•`,
 * `← active`) carry the meaning without colour.
 */
export const TreeRowLine = memo(function TreeRowLine(props: { row: TreeRow; width: number; selected: boolean; labelTimes?: boolean; author?: string }) {
	const p = formatTreeRowParts(props.row, { width: props.width, selected: props.selected, foldMarks: true, labelTimes: props.labelTimes === true, fullGutter: true, author: props.author });
	if (props.selected) {
		return (
			<Text wrap="truncate-end" bold inverse>
				{p.cursor + p.gutter + p.fold + p.marker + p.label + p.text + p.suffix}
			</Text>
		);
	}
	return (
		<Text wrap="truncate-end">
			{p.cursor}
			<Text dimColor>{p.gutter}</Text>
			{p.fold}
			{p.marker}
			<Text color="yellow">{p.label}</Text>
			<Text dimColor={isDimKind(props.row.kind)}>{p.text}</Text>
			<Text color="green">{p.suffix}</Text>
		</Text>
	);
});
