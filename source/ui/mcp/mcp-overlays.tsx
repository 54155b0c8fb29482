/** What the chat shows of its MCP servers over the screen: the approval question, then `/mcp`'s list. */
import React from "react";
import type { McpManager } from "../../mcp/manager.js";
import { McpApprovalDialog } from "./mcp-approval-dialog.js";
import { McpListView } from "./mcp-list-view.js";
import type { McpUi } from "./use-mcp.js";

export { mcpPromptInput, useMcp, type McpUi } from "./use-mcp.js";

export function McpOverlays({ mcp, manager, window, rows, cols, cwd }: { mcp: McpUi; manager: McpManager | undefined; window: number | undefined; rows: number; cols: number; cwd: string }) {
	if (mcp.question) return <McpApprovalDialog question={mcp.question} rows={rows} cols={cols} cwd={cwd} />;
	if (mcp.listing) return <McpListView manager={manager} window={window} rows={rows} cols={cols} onClose={mcp.close} />;
	return null;
}
