/** Public surface of the built-in coding tools. */
export { bashTool, BASH_DEFAULT_TIMEOUT_SECONDS, type BashArgs, type BashDetails } from "./bash.js";
export { describeToolCall } from "./describe.js";
export { editTool, type EditArgs, type EditDetails } from "./edit.js";
export { findTool, type FindArgs, type FindDetails } from "./find.js";
export { grepTool, type GrepArgs, type GrepDetails } from "./grep.js";
export { lsTool, type LsArgs, type LsDetails } from "./ls.js";
export {
	ALL_TOOLS,
	isToolName,
	MUTATING_TOOLS,
	parseToolList,
	READ_ONLY_TOOLS,
	toolPolicy,
	type ToolName,
	type ToolPolicy,
} from "./policy.js";
export { readTool, type ReadArgs, type ReadDetails } from "./read.js";
export { ToolError, type ToolResult } from "./result.js";
export { addExtensionToolsTo, addSessionTool, createToolSet, DECLINED_MESSAGE, type ConfirmFn, type SessionToolSpec } from "./tool-set.js";
export { writeTool, type WriteArgs, type WriteDetails } from "./write.js";
