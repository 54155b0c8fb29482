import type { Settings } from "./settings.js";
import { usageError } from "../errors.js";
import type { ToolName } from "../tools/policy.js";

/** --tools / --no-tools / settings.tools → the tool policy of a mode (loads only the policy module). */
export async function chooseTools(opts: {
	tools?: string | false;
	yes?: boolean;
	settings: Settings;
	mode: "print" | "interactive";
}) {
	const tools = await import("../tools/policy.js");
	let listed: ToolName[] | undefined;
	const spec = typeof opts.tools === "string" ? opts.tools : opts.settings.tools?.join(",");
	if (spec !== undefined) {
		const parsed = tools.parseToolList(spec);
		if (!parsed.ok) throw usageError(parsed.message);
		listed = parsed.tools;
	}
	const policy = tools.toolPolicy({ mode: opts.mode, tools: listed, noTools: opts.tools === false, yes: opts.yes });
	return policy;
}
