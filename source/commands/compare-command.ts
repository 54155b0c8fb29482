/**
 * `arbor compare` and `arbor merge`: two branches side by side (or stacked), optionally with a
 * model's comparison; and a branch's conclusions brought into another as a branch summary.
 */
import { maxRetries } from "../config/env.js";
import { loadSettings } from "../config/settings.js";
import { CliError, usageError } from "../config/errors.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { planComparison } from "../navigation/compare.js";
import { formatComparison } from "../navigation/compare-format.js";
import { mergeBranch } from "../navigation/merge.js";
import { loadExtensions } from "../extensions/load-for-run.js";
import { chooseModels } from "../config/model-config.js";
import { place, type CommonOptions, type ModelFlags } from "../config/options.js";
import { openForRead, openForWrite } from "./session-arg.js";
import { terminalText } from "../text/terminal-text.js";

export { formatComparison };

export async function compareCommand(arg: string, a: string, b: string, opts: CommonOptions & ModelFlags): Promise<number> {
	const where = place(opts);
	const view = openForRead(arg, where).snapshot();
	const comparison = planComparison(view, view.resolveId(a), view.resolveId(b));
	let summary: string | undefined;
	if (opts.summarize) {
		const models = await chooseModels(opts, loadSettings(where));
		if (!models.summary) throw usageError(models.summaryError ?? "no model configured for summaries");
		const { compareBranches } = await import("../llm/compare.js");
		const made = await compareBranches({ model: models.summary, a: comparison.a, b: comparison.b, maxRetries: maxRetries() });
		if (!made.ok) throw new CliError(`comparison failed: ${made.message}`, 1);
		summary = made.text;
	}
	if (opts.json) {
		process.stdout.write(`${JSON.stringify({ ...comparison, ...(summary !== undefined ? { summary } : {}) }, null, 2)}\n`);
		return 0;
	}
	const width = process.stdout.isTTY ? (process.stdout.columns ?? 100) : 120;
	const text = formatComparison(view, comparison, width);
	process.stdout.write(`${terminalText(`${text}${summary !== undefined ? `\n\n${summary}` : ""}`)}\n`);
	return 0;
}

export async function mergeCommand(arg: string, from: string, opts: CommonOptions & ModelFlags & ExtensionFlags & { into?: string }): Promise<number> {
	const where = place(opts);
	if ((opts.instructions || opts.replaceInstructions) && !opts.instructions) throw usageError("--replace-instructions needs --instructions");
	const store = openForWrite(arg, where);
	try {
		const view = store.snapshot();
		const fromId = view.resolveId(from);
		const intoId = opts.into ? view.resolveId(opts.into) : undefined;
		const settings = loadSettings(where);
		const models = await chooseModels(opts, settings);
		const ext = await loadExtensions({ where, settings, flags: opts, mode: "command", models });
		ext.setStore(store);
		const result = await mergeBranch({ store, summaryModel: models.summary, bus: ext.bus, maxRetries: maxRetries() }, fromId, {
			intoId,
			customInstructions: opts.instructions,
			replaceInstructions: opts.replaceInstructions,
			label: opts.label,
		});
		switch (result.status) {
			case "nothing-to-merge":
				throw usageError(result.message);
			case "cancelled":
				throw new CliError(result.reason === "hook" ? "merge cancelled by an extension" : "merge cancelled", 1);
			case "failed":
				throw new CliError(result.message, result.message.startsWith("no model configured") ? 2 : 1);
			case "merged":
				if (opts.json) process.stdout.write(`${JSON.stringify({ file: store.file, ...result }, null, 2)}\n`);
				else process.stdout.write(terminalText(`Merged ${result.fromId} into ${result.intoId ?? "(root)"}: branch summary ${result.summaryEntry.id}\n${result.summaryEntry.summary}\n`));
				return 0;
			default: {
				const never: never = result;
				return never;
			}
		}
	} finally {
		store.close();
	}
}

