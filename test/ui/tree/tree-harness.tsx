import React, { useMemo } from "react";
import { AgentSession } from "../../../source/agent/agent-session.js";
import type { SessionStore } from "../../../source/session/store.js";
import type { ResolvedModel } from "../../../source/llm/resolve-model.js";
import { EventBus } from "../../../source/events/bus.js";
import type { SessionStoreApi } from "../../../source/session/api.js";
import { useSession } from "../../../source/ui/chat/use-session.js";
import type { UiDeps } from "../../../source/ui/deps.js";
import { SessionServicesProvider } from "../../../source/ui/services.js";
import { TreeScreen, type TreeDone, type TreeScreenProps } from "../../../source/ui/tree/tree-screen.js";

const unused = (what: string) => () => {
	throw new Error(`the tree screen does not call deps.${what}`);
};
const deps: UiDeps = {
	estimateContextTokens: unused("estimateContextTokens"), listSessions: unused("listSessions"), listAllSessions: unused("listAllSessions"), searchSessions: unused("searchSessions"),
};
/**
 * The session core over `store`, as the app opens it: /tree moves and merges go through it
 * (checkpoints off, no extensions, `summaryModel` for the summaries). Closed after the test.
 */
export async function openTreeAgent(store: SessionStore, summaryModel: ResolvedModel | undefined, cleanups: (() => void)[]): Promise<AgentSession> {
	const agent = await AgentSession.open({
		cwd: store.cwd, home: store.cwd, sessionDir: store.cwd, store, settings: {}, extensions: false, contextFiles: false, checkpoints: false,
		modelChoice: { chat: summaryModel, summary: summaryModel, catalog: { providers: [] }, resolve: () => ({ ok: false, message: "no models in this test" }) },
	});
	cleanups.push(() => void agent.close());
	return agent;
}

export type TreeHarnessProps = TreeScreenProps & {
	agent: AgentSession;
	store: SessionStoreApi;
	summaryModel: ResolvedModel | undefined;
	maxRetries?: number;
	bus?: EventBus;
	/** Every `tree-done` the screen sends to the app. */
	onDone(done: TreeDone): void;
};

/** The tree screen under the session services the App provides, with the store's live snapshot. */
export function TreeHarness({ agent, store, summaryModel, maxRetries, bus, onDone, ...screen }: TreeHarnessProps) {
	const view = useSession(store);
	const fallbackBus = useMemo(() => new EventBus(), []);
	const services = useMemo(
		() => ({
			agent, store, view, deps, bus: bus ?? fallbackBus, summaryModel, maxRetries,
			dispatch: (action: { type: string; done?: TreeDone }) => (action.type === "tree-done" && action.done ? onDone(action.done) : undefined),
		}),
		[agent, store, view, bus, fallbackBus, summaryModel, maxRetries, onDone],
	);
	return (
		<SessionServicesProvider value={services}>
			<TreeScreen {...screen} />
		</SessionServicesProvider>
	);
}
