import type { ToolSet } from "ai";
import type { Settings } from "../config/settings.js";
import { chooseTools } from "../config/tool-choice.js";

/** The tools a non-interactive run gets: read-only by default, others only when listed. */
export async function printToolSet(
	opts: { tools?: string | false; addDir?: string[] },
	settings: Settings,
	cwd: string,
	readDirs: readonly string[] = [],
): Promise<{ toolSet: ToolSet; enabled: string[]; describe: (name: string, args: unknown) => string }> {
	const policy = await chooseTools({ tools: opts.tools, addDir: opts.addDir, settings, mode: "print" });
	const tools = await import("../tools/index.js");
	return {
		toolSet: tools.createToolSet({ cwd, enabled: policy.enabled, needsConfirmation: () => false, addDirs: policy.addDirs, readDirs }),
		enabled: policy.enabled,
		describe: (name, args) => tools.describeToolCall(name as never, args),
	};
}
