/** Public surface of the built-in coding tools. */
export { bashTool, BASH_DEFAULT_TIMEOUT_SECONDS } from "./bash.js";
export { describeToolCall } from "./describe.js";
export { editTool } from "./edit.js";
export { findTool } from "./find.js";
export { grepTool } from "./grep.js";
export { lsTool } from "./ls.js";
export {
	ALL_TOOLS,
	isToolName,
	MUTATING_TOOLS,
	parseToolList,
	READ_ONLY_TOOLS,
	toolPolicy,
	type ToolName,
} from "./policy.js";
export { readTool } from "./read.js";
export { ToolError, type ToolResult } from "./result.js";
export { addExtensionToolsTo, addSessionTool, createToolSet, DECLINED_MESSAGE, type ConfirmFn, type SessionToolSpec } from "./tool-set.js";
export { writeTool } from "./write.js";
