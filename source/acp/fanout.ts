/**
 * ACP's `_arbor/fanout` (docs/acp.md, docs/fanout.md): N sibling branches from an entry of an open
 * session, through fanout/ with that session's store as the trunk. Each branch's progress is an
 * `_arbor/fanout_progress` notification `{sessionId, event}`; the answer is the comparison.
 */
import type { AgentContext } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import type { AgentSession } from "../agent/agent-session.js";
import type { Place } from "../config/options.js";
import { comparisonJson } from "../fanout/comparison.js";
import { runFanout } from "../fanout/run-fanout.js";
import type { AcpOptions } from "./acp-agent.js";

export const fanoutParams = z.object({
	sessionId: z.string(),
	prompt: z.string().min(1),
	count: z.number().int().optional(),
	models: z.array(z.string()).optional(),
	entryId: z.string().optional(),
	check: z.string().optional(),
	noSandbox: z.boolean().optional(),
	allowNet: z.boolean().optional(),
});

/** What the request needs of the agent's sessions. */
type FanoutSessions = { opts: AcpOptions; client: AgentContext | undefined; get(sessionId: string): { agent: AgentSession; place: Place } };

/** Runs the fan-out on the open session and answers the comparison. */
export async function acpFanout(sessions: FanoutSessions, params: z.infer<typeof fanoutParams>): Promise<object> {
	const live = sessions.get(params.sessionId);
	const { home: _home, version: _version, ...flags } = sessions.opts;
	const { result } = await runFanout({
		open: { ...flags, ...live.place, sandbox: undefined },
		trunk: live.agent,
		prompt: params.prompt,
		entryId: params.entryId,
		count: params.count,
		models: params.models,
		check: params.check,
		noSandbox: params.noSandbox,
		allowNet: params.allowNet,
		signal: new AbortController().signal,
		onEvent: (event) => void sessions.client?.notify("_arbor/fanout_progress", { sessionId: params.sessionId, event }).catch(() => undefined),
	});
	return comparisonJson(result);
}
