import React, { useMemo } from "react";
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
	runTurn: unused("runTurn"), createTools: unused("createTools"), systemPrompt: unused("systemPrompt"), estimateContextTokens: unused("estimateContextTokens"),
	createSession: unused("createSession"), openSession: unused("openSession"), listSessions: unused("listSessions"), listAllSessions: unused("listAllSessions"),
	searchSessions: unused("searchSessions"),
};

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
			store, view, deps, bus: bus ?? fallbackBus, summaryModel, maxRetries,
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
