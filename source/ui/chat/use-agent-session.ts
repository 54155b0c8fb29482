import { useCallback, useEffect, useState } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import type { ResolvedModel } from "../../llm/resolve-model.js";
import type { SessionStoreApi } from "../../session/api.js";

/**
 * The core's live session and chat model as React state: a fork, clone, /new or /resume
 * (session_changed) gives the app the new store; `modelChanged` after /model or Ctrl+P.
 */
export function useAgentSession(agent: AgentSession): { store: SessionStoreApi; model: ResolvedModel | undefined; modelChanged(): void } {
	const [store, setStore] = useState<SessionStoreApi>(agent.store);
	const [model, setModel] = useState(agent.model);
	useEffect(
		() =>
			agent.subscribe((event) => {
				if (event.type !== "session_changed") return;
				setStore(agent.store);
				setModel(agent.model);
			}),
		[agent],
	);
	const modelChanged = useCallback(() => setModel(agent.model), [agent]);
	return { store, model, modelChanged };
}
