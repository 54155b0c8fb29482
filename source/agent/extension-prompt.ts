import type { AgentSession } from "./agent-session.js";

/**
 * An extension's user message (sendUserMessage) to an agent: a run of its own when none is going,
 * else a follow-up or steering of the running one. A run that cannot start (no model) is reported
 * through `report`, as its other failures are through the agent's events.
 */
export function extensionPrompt(agent: AgentSession, text: string, deliverAs: "steer" | "followUp", report: (error: unknown) => void): void {
	if (agent.isStreaming || agent.isCompacting) {
		if (deliverAs === "steer") agent.steer(text);
		else agent.followUp(text);
		return;
	}
	try {
		agent.prompt(text).catch(report);
	} catch (error) {
		report(error);
	}
}
