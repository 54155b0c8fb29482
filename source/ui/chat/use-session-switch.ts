import { useCallback, type Dispatch } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import type { AppAction } from "./app-reducer.js";
import { errorMessage } from "../../text/error-text.js";

/** What the status line says after a session verb: done (maybe naming the new session), or cancelled by an extension. */
type SwitchSaid = { done: string | ((agent: AgentSession) => string); cancelled?: string };

/**
 * Runs one of the core's session verbs (/new, /resume, /fork, /clone, a search hit in another
 * session) and reports it; resolves true when the session changed. The core opens the new session
 * first, so a failure (e.g. the file is locked) leaves the current one untouched.
 */
export type SwitchSession = (verb: (agent: AgentSession) => Promise<{ cancelled: boolean; text?: string }>, said: SwitchSaid) => Promise<boolean>;

export function useSessionSwitch(agent: AgentSession, dispatch: Dispatch<AppAction>): SwitchSession {
	return useCallback(
		async (verb, said) => {
			try {
				const result = await verb(agent);
				if (result.cancelled) {
					dispatch({ type: "screen-closed", status: { text: said.cancelled ?? "Cancelled by an extension", kind: "info" } });
					return false;
				}
				dispatch({ type: "screen-closed", status: { text: typeof said.done === "string" ? said.done : said.done(agent), kind: "info" } });
				if (result.text !== undefined) dispatch({ type: "editor-text-requested", text: result.text });
				return true;
			} catch (error) {
				dispatch({ type: "screen-closed", status: { text: errorMessage(error), kind: "error" } });
				return false;
			}
		},
		[agent, dispatch],
	);
}

/** The file a new session is written to, once it exists (a new session or a fork of a root message has none until its first reply). */
export function savedFile(agent: AgentSession): string | undefined {
	return agent.store.persisted ? agent.store.file : undefined;
}
