/**
 * The tools `arbor mcp serve --allow-write` adds: label an entry, move a session's leaf (with a
 * summary of the branch left). Each opens the session with the core (`AgentSession`, as RPC and
 * ACP do: its lock, the extensions' hooks, the navigation of /tree) and closes it again; a session
 * open elsewhere (its lock held) is refused.
 */
import { z } from "zod";
import { AgentSession } from "../agent/agent-session.js";
import { jsonAnswer, type ServeTool } from "./results.js";
import type { Scope } from "./scope.js";

const session = z.string().describe("The session: its id (or the id's first characters) or file name");
const entryId = z.string().describe("The entry's id or its first characters");

/** The write calls, one after another: two at once on one session would meet its lock (held by this server). */
let queue: Promise<unknown> = Promise.resolve();

/** Opens `arg`'s session on the core, runs `work`, closes it (fsynced, unlocked) whatever happens; after the calls before it. */
function withAgent<T>(scope: Scope, arg: unknown, work: (agent: AgentSession) => Promise<T>): Promise<T> {
	const run = queue.then(async () => {
		const file = scope.resolve(String(arg ?? ""));
		const agent = await AgentSession.open({ ...scope.place, session: file, tools: false });
		try {
			return await work(agent);
		} finally {
			await agent.close();
		}
	});
	queue = run.catch(() => undefined);
	return run;
}

function labelTool(scope: Scope): ServeTool {
	return {
		name: "label_entry",
		description: "Set a label on an entry of a session (as /label and `arbor label`); no label (or an empty one) clears it.",
		shape: { session, entryId, label: z.string().optional().describe("The label; leave it out to clear the entry's label") },
		readOnly: false,
		run: (args) =>
			withAgent(scope, args.session, async (agent) => {
				const id = agent.view.resolveId(String(args.entryId ?? ""));
				const label = typeof args.label === "string" ? args.label.trim() : "";
				agent.setLabel(id, label === "" ? undefined : label);
				return jsonAnswer({ file: agent.store.file, entryId: id, label: label === "" ? null : label });
			}),
	};
}

function moveTool(scope: Scope): ServeTool {
	return {
		name: "move_leaf",
		description:
			"Move a session's leaf to an entry, exactly as /tree does (selecting a user message moves to its parent). Give `summary` to store your own " +
			"summary of the branch being left, or `summarize: true` to have arbor's summary model write it; without either the branch is left as it is.",
		shape: {
			session,
			entryId,
			summary: z.string().optional().describe("Your summary of the branch being left, stored as its branch summary"),
			summarize: z.boolean().optional().describe("Have arbor's summary model summarize the branch being left"),
			instructions: z.string().optional().describe("With summarize: extra focus for the summary"),
			label: z.string().optional().describe("A label for the branch summary (or the target when no summary is written)"),
		},
		readOnly: false,
		run: (args) =>
			withAgent(scope, args.session, async (agent) => {
				const summary = typeof args.summary === "string" && args.summary.trim() !== "" ? args.summary.trim() : undefined;
				const result = await agent.navigate(String(args.entryId ?? ""), {
					summarize: summary !== undefined || args.summarize === true,
					...(summary !== undefined ? { summary } : {}),
					...(typeof args.instructions === "string" ? { customInstructions: args.instructions } : {}),
					...(typeof args.label === "string" && args.label.trim() !== "" ? { label: args.label.trim() } : {}),
				});
				if (result.status === "failed") throw new Error(result.message);
				if (result.status === "cancelled") throw new Error(result.reason === "hook" ? "the move was cancelled by an extension" : "the move was cancelled");
				const summaryEntry = result.status === "moved" ? result.summaryEntry : undefined;
				return jsonAnswer({ file: agent.store.file, ...result, ...(summaryEntry ? { summaryEntry: { id: summaryEntry.id, summary: summaryEntry.summary } } : {}) });
			}),
	};
}

/** The tools that change a session (only with --allow-write). */
export function writeTools(scope: Scope): ServeTool[] {
	return [labelTool(scope), moveTool(scope)];
}
