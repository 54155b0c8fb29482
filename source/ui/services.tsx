import React, { createContext, useContext, type Dispatch, type ReactNode } from "react";
import type { AgentSession } from "../agent/agent-session.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import type { EventBus } from "../events/bus.js";
import type { SessionStoreApi, SessionTreeView } from "../session/api.js";
import type { AppAction } from "./chat/app-reducer.js";
import type { UiDeps } from "./deps.js";

/**
 * What every screen of one session may use, from one React context instead of props: the session
 * core (agent/: turns, compaction, session verbs), its live store and current snapshot, the
 * injected effects, the extension bus, the summary model and the provider retries, and the app's
 * dispatch (a screen reports how it ended there, once).
 */
export type SessionServices = {
	agent: AgentSession;
	store: SessionStoreApi;
	view: SessionTreeView;
	deps: UiDeps;
	bus: EventBus;
	/** The model for branch summaries, compaction and comparisons (default the chat model). */
	summaryModel: ResolvedModel | undefined;
	/** Provider retries (ARBOR_MAX_RETRIES); the SDK default when absent. */
	maxRetries?: number;
	dispatch: Dispatch<AppAction>;
};

const Services = createContext<SessionServices | null>(null);

export function SessionServicesProvider({ value, children }: { value: SessionServices; children: ReactNode }) {
	return <Services.Provider value={value}>{children}</Services.Provider>;
}

/** The session's services; only inside SessionServicesProvider (the App, or a test's wrapper). */
export function useServices(): SessionServices {
	const services = useContext(Services);
	if (!services) throw new Error("internal error: useServices outside SessionServicesProvider");
	return services;
}
