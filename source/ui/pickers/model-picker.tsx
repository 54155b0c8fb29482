import React, { useMemo } from "react";
import type { ModelCatalog } from "../../llm/model-catalog.js";
import type { ResolveResult } from "../../llm/resolve-model.js";
import type { SessionTreeView } from "../../session/api.js";
import { hintLine } from "../input/keymap.js";
import { useKeymap } from "../input/use-keymap.js";
import { useTextField } from "../editor/line-field.js";
import { ListPicker } from "./list-picker.js";
import type { LocalServer } from "../../llm/local-servers.js";
import { useLocalModels } from "./use-local-models.js";

/** One row of /model: a `provider:model` spec, what the catalog says of it, and what it lacks in this run. */
type ModelChoiceRow = { spec: string; detail: string; recent: boolean; need?: string };

const tokens = (n: number | undefined) => (n === undefined ? "? window" : `${n >= 1000 ? `${Math.round(n / 1000)}k` : n} window`);

/** Models the session used, newest first (its model_change entries and replies, every branch). */
export function recentModels(view: SessionTreeView): string[] {
	const seen: string[] = [];
	for (let i = view.entries.length - 1; i >= 0; i--) {
		const e = view.entries[i];
		let spec: string | undefined;
		if (e?.type === "model_change") spec = `${e.provider}:${e.modelId}`;
		else if (e?.type === "message" && e.message.role === "assistant" && e.message.provider && e.message.model) spec = `${e.message.provider}:${e.message.model}`;
		if (spec && !seen.includes(spec)) seen.push(spec);
	}
	return seen;
}

/**
 * The rows of /model: the current model, then the session's recent ones, then every model of the
 * catalog (built-in and models.json) — each once; models this run cannot use (`need` says what
 * they lack: an API key's variable, a server) come last. A query keeps the rows whose spec or name
 * holds every word (case-insensitive).
 */
export function modelRows(catalog: ModelCatalog, opts: { current?: string; recent: readonly string[]; query: string; need?: (spec: string) => string | undefined }): ModelChoiceRow[] {
	const details = new Map<string, string>();
	for (const p of catalog.providers) {
		for (const m of p.models) {
			const parts = [m.name ?? m.id, tokens(m.contextWindow), ...(m.reasoning ? ["reasoning"] : []), ...(m.input.includes("image") ? ["images"] : [])];
			details.set(`${p.name}:${m.id}`, parts.join(" · "));
		}
	}
	const order = [...(opts.current ? [opts.current] : []), ...opts.recent, ...details.keys()];
	const rows: ModelChoiceRow[] = [];
	for (const spec of order) {
		if (rows.some((r) => r.spec === spec)) continue;
		const need = spec === opts.current ? undefined : opts.need?.(spec);
		rows.push({ spec, detail: details.get(spec) ?? "", recent: spec === opts.current || opts.recent.includes(spec), ...(need ? { need } : {}) });
	}
	const words = opts.query.toLowerCase().split(/\s+/).filter(Boolean);
	const found = rows.filter((r) => words.every((w) => `${r.spec} ${r.detail}`.toLowerCase().includes(w)));
	return [...found.filter((r) => !r.need), ...found.filter((r) => r.need)];
}

/** What a model lacks in this run, from the run's resolver (the picker's `need`). */
export function needOf(resolve: (spec: string) => ResolveResult): (spec: string) => string | undefined {
	return (spec) => {
		const resolved = resolve(spec);
		return resolved.ok ? undefined : (resolved.need ?? "a setup");
	};
}

/**
 * Ctrl+P's model (pi's): the one after `current` among the rows /model lists that this run can use
 * (the current, the session's recent ones, then the catalog's), wrapping; undefined when there is
 * no other.
 */
export function nextModel(
	catalog: ModelCatalog,
	opts: { current?: string; recent: readonly string[]; need?: (spec: string) => string | undefined; scope?: (spec: string) => boolean },
): string | undefined {
	const all = modelRows(catalog, { ...opts, query: "" }).filter((r) => !r.need);
	// --models / enabledModels: only those (all when none of them can be used).
	const scoped = opts.scope ? all.filter((r) => opts.scope?.(r.spec)) : all;
	const usable = scoped.length > 0 ? scoped : all;
	const at = usable.findIndex((r) => r.spec === opts.current);
	const next = usable[(at + 1) % usable.length];
	return next && next.spec !== opts.current ? next.spec : undefined;
}

/** /model without an argument: search, recent first, the current one marked; Enter switches. */
export function ModelPicker(props: {
	catalog: ModelCatalog;
	view: SessionTreeView;
	current?: string;
	rows: number;
	/** What a model lacks in this run (see modelRows), or undefined when it can be used. */
	need?: (spec: string) => string | undefined;
	/** Local servers asked in the background for their models (they join the list when they answer). */
	localServers?: readonly LocalServer[];
	onPick(spec: string): void;
	onCancel(): void;
}) {
	const search = useTextField("");
	const recent = useMemo(() => recentModels(props.view), [props.view]);
	const catalog = useLocalModels(props.catalog, props.localServers);
	const rows = modelRows(catalog, { current: props.current, recent, query: search.field.text, need: props.need });
	const keymap = useKeymap();
	return (
		<ListPicker
			title="Switch model for the next turn"
			hint={`type to search · ${hintLine(keymap, [[["list.up", "list.down"], "move"], [["dialog.accept"], "switch"], [["dialog.cancel"], "cancel"]])}`}
			labels={rows.map((r) => `${r.spec === props.current ? "● " : "  "}${r.spec}${r.detail ? `  ${r.detail}` : ""}${r.recent && r.spec !== props.current ? "  (recent)" : ""}${r.need ? `  — needs ${r.need}` : ""}`)}
			size={Math.max(5, props.rows - 9)}
			search={search}
			empty="No model matches"
			onPick={(i) => {
				const row = rows[i];
				if (row) props.onPick(row.spec);
			}}
			onCancel={props.onCancel}
		/>
	);
}
