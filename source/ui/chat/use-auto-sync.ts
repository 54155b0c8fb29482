/**
 * The chat's side of `"sync": {"auto": true}` (source/sync/auto-sync.ts): a sync when the chat
 * starts and after each of the core's `agent_settled`, in the background. A failure is one error
 * line in the status line; a success says something only when entries moved.
 */
import { useEffect, type Dispatch } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import { loadSettings } from "../../config/settings.js";
import { arborHome } from "../../session/paths.js";
import { AutoSync } from "../../sync/auto-sync.js";
import type { AppAction } from "./app-reducer.js";

/** Starts the automatic sync when the settings ask for it; it stops (after the running one) on unmount. */
export function useAutoSync(agent: AgentSession, cwd: string | undefined, dispatch: Dispatch<AppAction>): void {
	useEffect(() => {
		const home = arborHome();
		const where = cwd ?? process.cwd();
		if (loadSettings({ home, cwd: where }).sync?.auto !== true) return;
		const sync = new AutoSync({
			cwd: where,
			home,
			done: (outcome) => {
				if (!outcome.ok) return dispatch({ type: "status-shown", status: { text: `Auto-sync failed: ${outcome.message.split("\n")[0] ?? ""}`, kind: "error" } });
				const { sent, sessions } = outcome.report;
				const fetched = sessions.reduce((n, s) => n + (s.busy ? 0 : s.received), 0);
				if (sent + fetched > 0) dispatch({ type: "status-shown", status: { text: `Auto-synced with ${outcome.report.remote}: ${sent} entries sent, ${fetched} fetched`, kind: "info" } });
			},
		});
		const off = agent.subscribe((event) => event.type === "agent_settled" && sync.request());
		sync.request();
		return () => {
			off();
			void sync.stop();
		};
	}, [agent, cwd, dispatch]);
}
