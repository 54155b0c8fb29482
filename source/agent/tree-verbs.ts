/**
 * The tree verbs of AgentSession (agent-session.ts), as `arbor tree --json`, `arbor label`,
 * `arbor compare` and `arbor merge` do them: the tree and the entries, labels, the comparison of two
 * branches and the merge of one into another. It reads the live session through {@link TreeHost}
 * each time, and runs the summary model's work as the operation an abort ends.
 */
import { maxRetries } from "../config/env.js";
import type { ModelChoice } from "../config/model-config.js";
import type { ExtensionHost } from "../extensions/setup.js";
import { planComparison, type BranchComparison } from "../navigation/compare.js";
import type { MergeOptions, MergeResult } from "../navigation/merge.js";
import type { SessionStore } from "../session/store.js";
import type { SessionEntry } from "../session/types.js";
import type { ContextEditReplacement } from "../session/context-edit.js";
import { buildTreeJson } from "../tree/json.js";
import type { TreeFilter, TreeJsonNode } from "../tree/types.js";
import { AgentError } from "./types.js";

/** What the tree verbs read from their session. */
export type TreeHost = {
	store(): SessionStore;
	/** Throws AgentError "busy" while a run or an operation goes. */
	idle(): void;
	/** Runs `work` as the operation an abort ends. */
	withOperation<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
	deps: { models: ModelChoice; ext: ExtensionHost };
};

export class TreeVerbs {
	constructor(private readonly host: TreeHost) {}

	/** See AgentSession.tree. */
	tree(filter: TreeFilter): { leafId: string | null; roots: TreeJsonNode[] } {
		return buildTreeJson(this.host.store().snapshot(), { filter });
	}

	/** See AgentSession.entries. */
	entries(sinceId?: string): { entries: SessionEntry[]; leafId: string | null } {
		const view = this.host.store().snapshot();
		let from = 0;
		if (sinceId !== undefined) {
			const id = view.resolveId(sinceId);
			from = view.entries.findIndex((e) => e.id === id) + 1;
		}
		return { entries: view.entries.slice(from), leafId: view.leafId };
	}

	/** See AgentSession.setLabel. */
	setLabel(entryId: string, label: string | undefined): void {
		this.host.idle();
		const store = this.host.store();
		store.setLabel(store.snapshot().resolveId(entryId), label === "" ? undefined : label);
		store.sync();
	}

	/** See AgentSession.editContext. */
	editContext(entryId: string, replacement: ContextEditReplacement): SessionEntry {
		this.host.idle();
		const store = this.host.store();
		const edit = store.appendContextEdit(store.snapshot().resolveId(entryId), replacement);
		store.sync();
		return edit;
	}

	/** See AgentSession.compare. */
	async compare(a: string, b: string, opts: { summarize?: boolean }): Promise<BranchComparison & { summary?: string }> {
		const view = this.host.store().snapshot();
		const comparison = planComparison(view, view.resolveId(a), view.resolveId(b));
		if (!opts.summarize) return comparison;
		const { models } = this.host.deps;
		const model = models.summary;
		if (!model) throw new AgentError("no-model", models.summaryError ?? "no model configured for summaries");
		const { compareBranches } = await import("../llm/compare.js");
		const made = await this.host.withOperation((signal) => compareBranches({ model, a: comparison.a, b: comparison.b, signal, maxRetries: maxRetries() }));
		if (!made.ok) throw new AgentError(made.reason === "aborted" ? "cancelled" : "invalid", `comparison failed: ${made.message}`);
		return { ...comparison, summary: made.text };
	}

	/** See AgentSession.merge. */
	async merge(fromId: string, opts: Omit<MergeOptions, "signal">): Promise<MergeResult> {
		this.host.idle();
		const view = this.host.store().snapshot();
		const from = view.resolveId(fromId);
		const intoId = opts.intoId === undefined ? undefined : view.resolveId(opts.intoId);
		const { mergeBranch } = await import("../navigation/merge.js");
		const { models, ext } = this.host.deps;
		return this.host.withOperation((signal) => mergeBranch({ store: this.host.store(), summaryModel: models.summary, bus: ext.bus, maxRetries: maxRetries() }, from, { ...opts, intoId, signal }));
	}
}
