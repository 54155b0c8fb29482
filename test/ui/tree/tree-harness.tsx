import React, { useMemo } from "react";
import type { AgentSession } from "../../../source/agent/agent-session.js";
import type { ResolvedModel } from "../../../source/llm/index.js";
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
/** The core as the tree screen reads it: only its checkpointer (none: checkpoints are off in these tests). */
const agent = { checkpointer: undefined } as unknown as AgentSession;

export type TreeHarnessProps = TreeScreenProps & {
	store: SessionStoreApi;
	summaryModel: ResolvedModel | undefined;
	maxRetries?: number;
	bus?: EventBus;
	/** Every `tree-done` the screen sends to the app. */
	onDone(done: TreeDone): void;
};

/** The tree screen under the session services the App provides, with the store's live snapshot. */
export function TreeHarness({ store, summaryModel, maxRetries, bus, onDone, ...screen }: TreeHarnessProps) {
	const view = useSession(store);
	const fallbackBus = useMemo(() => new EventBus(), []);
	const services = useMemo(
		() => ({
			agent, store, view, deps, bus: bus ?? fallbackBus, summaryModel, maxRetries,
			dispatch: (action: { type: string; done?: TreeDone }) => (action.type === "tree-done" && action.done ? onDone(action.done) : undefined),
		}),
		[store, view, bus, fallbackBus, summaryModel, maxRetries, onDone],
	);
	return (
		<SessionServicesProvider value={services}>
			<TreeScreen {...screen} />
		</SessionServicesProvider>
	);
}
