import { Text } from "ink";
import React, { useEffect, useRef, useState } from "react";
import type { RestorePlan } from "../../checkpoints/restore-types.js";
import { errorMessage } from "../../text/error-text.js";
import type { SwitchSession } from "../chat/use-session-switch.js";
import { useServices } from "../services.js";
import { RestorePrompt } from "../tree/restore-prompt.js";
import { restoreOptions } from "../tree/tree-flow.js";
import { forkAtMessage } from "./fork-action.js";
import { dryRun, filesRestoredStatus, questionChanges, restoredText, restoreNow } from "./files-restore.js";

export type RestoreScreenProps = {
	/** The entry whose file state is offered. */
	targetId: string;
	/** /fork: the user message forked at; the fork follows the answer (files restored or not). */
	forkAt?: string;
	switchSession: SwitchSession;
	rows: number;
	cols: number;
};

/**
 * `/restore` and `/fork`'s file question: the same `Restore files to this point?` as /tree (the
 * user's own changes listed apart and kept by default, a file's diff on Enter), answered through
 * the core's restoreFiles. The conversation does not move; /fork forks after the answer.
 */
export function RestoreScreen(props: RestoreScreenProps) {
	const { agent, dispatch } = useServices();
	const { targetId, forkAt } = props;
	const [plan, setPlan] = useState<RestorePlan | undefined>(undefined);
	const [cursor, setCursor] = useState(0);
	const [diff, setDiff] = useState<{ path: string; text: string } | undefined>(undefined);
	const [working, setWorking] = useState(false);
	const live = useRef(true);
	const close = (text: string, kind: "info" | "error" = "info") => dispatch({ type: "screen-closed", status: { text, kind } });
	const fork = (said?: string) => (forkAt ? void forkAtMessage(props.switchSession, forkAt, said) : undefined);
	useEffect(() => {
		live.current = true;
		void dryRun(agent, targetId).then((dry) => {
			if (!live.current) return;
			const nothing = "failed" in dry ? undefined : dry.plan.changes.length + dry.plan.userChanges.length === 0;
			if (forkAt && ("failed" in dry || nothing)) return fork();
			if ("failed" in dry) return close(`Files not restored: ${dry.failed}`, "error");
			if (nothing) return close(`The files already match ${targetId}`);
			setPlan(dry.plan);
		});
		return () => {
			live.current = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- one dry run per screen
	}, []);
	if (!plan) return <Text dimColor>{working ? "Restoring files…" : "Comparing the files…"}</Text>;
	const changes = questionChanges(plan);
	const answer = async (choice: number) => {
		if (choice === 1) return forkAt ? fork() : close("Files kept as they are");
		setWorking(true);
		const session = agent.store.id;
		try {
			const done = await restoreNow(agent, targetId, choice === 2);
			if (forkAt) return fork(` · ${restoredText(done)} (undo: arbor restore ${session} ${done.safety.entryId})`);
			close(filesRestoredStatus(targetId, done));
		} catch (error) {
			close(`Files not restored: ${errorMessage(error)}`, "error");
		}
	};
	return (
		<RestorePrompt
			cursor={cursor} changes={changes} rows={props.rows} cols={props.cols} active={!working} {...(diff ? { diff } : {})}
			onMove={(delta) => setCursor((c) => Math.max(0, Math.min(restoreOptions(changes).length + changes.length - 1, c + delta)))}
			onChoose={(choice) => void answer(choice)}
			onShowDiff={(path) => void agent.checkpointer?.store.patch(plan.current, plan.target.data.tree, path).catch((e: unknown) => errorMessage(e)).then((text) => live.current && setDiff({ path, text }))}
			onCloseDiff={() => setDiff(undefined)}
			onBack={() => (forkAt ? dispatch({ type: "picker-opened", picker: "fork-picker" }) : close("Files not restored"))}
		/>
	);
}
