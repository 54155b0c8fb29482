/**
 * RPC's `fanout` (docs/rpc.md, docs/fanout.md): N sibling branches from an entry of the live session,
 * through fanout/ with the RPC session's store as the trunk. Each branch's progress is an event line
 * (`fanout_branch_start`, `fanout_branch_tool`, `fanout_branch_end`); the response is the comparison.
 */
import type { AgentOpenOptions } from "../agent/agent-session.js";
import type { Command, CommandContext } from "./commands.js";

/** What RPC's fan-out needs besides the session: the run's open options and the event writer. */
export type FanoutContext = { open: AgentOpenOptions; emit(event: object): void };

const text = (cmd: Command, name: string): string | undefined => {
	const value = cmd[name];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw new Error(`fanout: "${name}" must be a string`);
	return value;
};

/** The `fanout` command: `{prompt, count? | models?, entryId?, check?, noSandbox?, allowNet?}`. */
export async function fanoutRpc(ctx: CommandContext, cmd: Command): Promise<object> {
	if (!ctx.fanout) throw new Error("fanout: not available in this mode");
	const prompt = text(cmd, "prompt");
	if (!prompt) throw new Error('fanout: "prompt" is required');
	if (cmd.count !== undefined && typeof cmd.count !== "number") throw new Error('fanout: "count" must be a number');
	if (cmd.models !== undefined && (!Array.isArray(cmd.models) || !cmd.models.every((m) => typeof m === "string"))) throw new Error('fanout: "models" must be an array of strings');
	const { runFanout } = await import("../fanout/run-fanout.js");
	const { comparisonJson } = await import("../fanout/comparison.js");
	const emit = ctx.fanout.emit;
	const { result } = await runFanout({
		open: ctx.fanout.open,
		trunk: ctx.agent,
		prompt,
		entryId: text(cmd, "entryId"),
		count: cmd.count as number | undefined,
		models: cmd.models as string[] | undefined,
		check: text(cmd, "check"),
		noSandbox: cmd.noSandbox === true,
		allowNet: cmd.allowNet === true,
		signal: new AbortController().signal,
		onEvent: (event) => emit({ ...event, type: `fanout_${event.type}` }),
	});
	return comparisonJson(result);
}
