import { Box, Text } from "ink";
import React, { useState } from "react";
import type { McpManager } from "../../mcp/manager.js";
import { mcpReport } from "../../mcp/report.js";
import { terminalLine } from "../../text/terminal-text.js";
import { hintLine, isCancel } from "../input/keymap.js";
import { useKeyAction } from "../input/use-keymap.js";
import { useKeys } from "../input/use-keys.js";

/** Rows besides the report: the borders, the hint, the status line under the box, a second row for the last line. */
const FRAME_ROWS = 6;

/**
 * `/mcp`: the report `arbor mcp list --tools` prints (mcp/report.ts) — each server's scope, state
 * (starting, ready, failed with its reason, not approved), command line and tools with their
 * tokens, then the tokens of tool definitions per request with and without lazy loading — for the
 * chat's model window, live as the servers change. Up/Down scroll; Enter or Esc closes.
 */
export function McpListView(props: { manager: McpManager | undefined; window: number | undefined; rows: number; cols: number; onClose(): void }) {
	const { manager, rows, cols, onClose } = props;
	const [top, setTop] = useState(0);
	const { keymap, is } = useKeyAction();
	const lines = mcpReport(manager?.statuses() ?? [], { tools: true, ...(props.window ? { window: props.window } : {}), ...(manager?.share !== undefined ? { share: manager.share } : {}) });
	// The last line (the per-request figure) always shows; the rest scrolls above it.
	const body = lines.slice(0, -1);
	const room = Math.max(1, rows - FRAME_ROWS - 1);
	const first = Math.min(top, Math.max(0, body.length - room));
	useKeys(
		(event) => {
			if (isCancel(event, keymap) || is("dialog.accept", event)) return onClose();
			if (is("list.up", event)) setTop(Math.max(0, first - 1));
			if (is("list.down", event)) setTop(Math.min(Math.max(0, body.length - room), first + 1));
		},
		{ exclusive: true },
	);
	const more = body.length > room ? ` · ${first + 1}–${Math.min(body.length, first + room)} of ${body.length}` : "";
	return (
		<Box flexDirection="column" borderStyle="round" paddingX={1} width={cols}>
			{body.slice(first, first + room).map((line, i) => (
				<Text key={i} wrap="truncate-end">{terminalLine(line)}</Text>
			))}
			<Text>{terminalLine(lines.at(-1) ?? "")}</Text>
			<Text dimColor wrap="truncate-end">{hintLine(keymap, [[["list.up", "list.down"], "scroll"], [["dialog.cancel"], "close"]]) + more}</Text>
		</Box>
	);
}
