/**
 * The scriptable subcommands: sessions, tree, context, navigate, fork, label, export. Each returns an exit
 * code or throws (SessionError / CliError → exit 2 with one line). Never imports Ink or React.
 */
import { dirname } from "node:path";
import { maxRetries } from "../config/env.js";
import { loadSettings } from "../config/settings.js";
import { CliError, usageError } from "../config/errors.js";
import type { ExtensionFlags } from "../extensions/setup.js";
import { forkFromEntry } from "../navigation/fork.js";
import { canSummarize, navigateTree, planNavigation } from "../navigation/navigate.js";
import { listAllSessions, listSessions } from "../session/listing.js";
import { SessionError } from "../session/types.js";
import { skipWarning } from "./skip-warning.js";
import { errnoCode } from "../text/error-text.js";
import { colourWanted } from "../text/terminal-colour.js";
import { terminalText } from "../text/terminal-text.js";
import { buildTreeJson, treeJsonText } from "../tree/json.js";
import { parseTreeFilter } from "../tree/rows.js";
import { TREE_FILTERS } from "../tree/types.js";
import { renderTreeBytes } from "./tree-text.js";
import { markAuthors, readAuthors, withSyncAuthors } from "../sync/authors.js";
import { formatContext, formatSessions } from "./format.js";
import { loadExtensions } from "../extensions/load-for-run.js";
import { chooseModels } from "../config/model-config.js";
import { place, type CommonOptions, type ModelFlags } from "../config/options.js";
import { openForRead, openForWrite, reportWarnings, sessionChoice, sessionFile } from "./session-arg.js";
import { openTreeView } from "./tree-view.js";
import { fileSafety, restoreAfterMove } from "./checkpoint-commands.js";
import { fileStateAt } from "../checkpoints/records.js";


function write(text: string): number {
	process.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`);
	return 0;
}

/** Human-readable text: sanitized (terminal-text.ts). JSON is the byte-exact route. */
const out = (text: string) => write(terminalText(text));
const json = (value: unknown) => write(JSON.stringify(value, null, 2));

export async function sessionsCommand(opts: CommonOptions): Promise<number> {
	if (opts.all && opts.sessionDir) throw usageError("--all lists every project's sessions under ARBOR_HOME; drop --session-dir");
	const where = place(opts);
	// A file that cannot be read is one warning; a .jsonl that is no session is left out silently.
	const onSkip = (file: string, error: Error) => {
		if (!(error instanceof SessionError) && errnoCode(error) !== undefined) skipWarning(file, error);
	};
	// cost (--json): dollars the session's replies cost, from the prices of their models (0 where
	// unknown), read from the bytes the listing reads anyway.
	const cost = opts.json === true;
	const listed = opts.all ? listAllSessions(where.home, { onSkip, cost }) : listSessions(where.sessionDir, { onSkip, cost });
	const sessions = withSyncAuthors(listed, where.home);
	if (opts.json) return json(sessions);
	return out(sessions.length ? formatSessions(sessions) : `no sessions in ${opts.all ? where.home : where.sessionDir}`);
}

export async function treeCommand(arg: string | undefined, opts: CommonOptions): Promise<number> {
	const filter = parseTreeFilter(opts.filter ?? "default");
	if (!filter) throw usageError(`unknown filter "${opts.filter}" (use ${TREE_FILTERS.join(", ")})`);
	const where = place(opts);
	// Through the row index beside the session when it is current (docs/sessions.md); written after the output.
	const { view, save, previews } = openTreeView(sessionFile(sessionChoice(arg, opts), where));
	reportWarnings(view);
	if (opts.json) {
		write(treeJsonText(markAuthors(buildTreeJson(view, { filter, search: opts.search }), where.home, view.header.id)));
		save();
		return 0;
	}
	const tty = process.stdout.isTTY === true;
	const width = tty ? (process.stdout.columns ?? 100) : 100_000;
	// Rows are sanitized as they are formatted; their own colour codes must survive. One write of
	// the encoded bytes (they end with a newline).
	process.stdout.write(renderTreeBytes(view, { filter, search: opts.search, width, color: colourWanted(process.env, tty), authors: readAuthors(where.home, view.header.id), previews }));
	save();
	return 0;
}

export async function contextCommand(arg: string | undefined, opts: CommonOptions): Promise<number> {
	const context = openForRead(sessionChoice(arg, opts), place(opts)).snapshot().buildContext();
	return opts.json ? json(context) : out(formatContext(context));
}

export async function navigateCommand(arg: string, entryId: string, opts: CommonOptions & ModelFlags & ExtensionFlags): Promise<number> {
	const where = place(opts);
	const settings = loadSettings(where);
	if ((opts.instructions || opts.replaceInstructions) && !opts.summarize) {
		throw usageError("--instructions and --replace-instructions need --summarize");
	}
	const store = openForWrite(arg, where);
	const ext = await loadExtensions({ where, settings, flags: opts, mode: "command" });
	ext.setStore(store);
	try {
		const targetId = store.snapshot().resolveId(entryId);
		const models = opts.summarize ? await chooseModels(opts, settings) : undefined;
		// --restore-files: the working tree is checkpointed on the branch being left, before the move.
		const safety = opts.restoreFiles ? await fileSafety(store, targetId, where.home, ext.bus, { keepUserChanges: !opts.includeUserChanges }) : undefined;
		if (models && !models.summary && !ext.loaded.length && canSummarize(planNavigation(store.snapshot(), targetId))) {
			throw usageError(models.summaryError ?? "no model configured for summaries");
		}
		const result = await navigateTree({ store, summaryModel: models?.summary, maxRetries: maxRetries(), bus: ext.bus }, targetId, {
			summarize: opts.summarize,
			customInstructions: opts.instructions,
			replaceInstructions: opts.replaceInstructions,
			label: opts.label,
		});
		if (result.status === "failed") throw new CliError(terminalText(result.message), 1);
		if (result.status === "cancelled") throw new CliError(result.reason === "hook" ? "navigation cancelled by an extension" : "navigation cancelled", 1);
		const restored = safety ? await restoreAfterMove(store, safety, targetId, where.home, ext.bus) : undefined;
		if (opts.json) return json({ file: store.file, ...result, summaryEntry: result.status === "moved" ? result.summaryEntry : undefined, ...(restored ? { restored } : {}) });
		if (restored) process.stderr.write(`${restored.text}\n`);
		if (result.status === "already-here") return out("Already at this point");
		const lines = [`Navigated to ${result.newLeafId ?? "(empty conversation)"}`];
		if (result.summaryEntry) lines.push(`Branch summary ${result.summaryEntry.id}:`, result.summaryEntry.summary);
		if (result.editorText !== undefined) lines.push("editorText:", result.editorText);
		return out(lines.join("\n"));
	} finally {
		store.close();
	}
}

export async function forkCommand(arg: string, entryId: string | undefined, opts: CommonOptions & ExtensionFlags): Promise<number> {
	const where = place(opts);
	const file = sessionFile(arg, where);
	const source = openForRead(file, where);
	const view = source.snapshot();
	const id = entryId ? view.resolveId(entryId) : view.leafId;
	// --restore-files without a file state at the entry: refused before anything is written.
	if (opts.restoreFiles && !fileStateAt(view, id)) throw new CliError(`${id ?? "(empty conversation)"} has no checkpoint on its path`, 1);
	const ext = await loadExtensions({ where, settings: loadSettings(where), flags: opts, mode: "command" });
	ext.setStore(source);
	const forked = await forkFromEntry({ view, sourceFile: file, entryId: id, sessionDir: dirname(file), cwd: view.header.cwd, bus: ext.bus });
	if (forked.status === "cancelled") throw new CliError("fork cancelled by an extension", 1);
	const store = forked.store;
	let restored: Awaited<ReturnType<typeof restoreAfterMove>> | undefined;
	try {
		if (opts.restoreFiles) {
			// The safety checkpoint goes on the branch being left: the source session's leaf.
			const writer = openForWrite(file, where);
			const safety = await fileSafety(writer, id, where.home, ext.bus, { keepUserChanges: !opts.includeUserChanges }).finally(() => writer.close());
			restored = await restoreAfterMove(store, safety, store.snapshot().leafId, where.home, ext.bus);
		}
	} finally {
		store.close();
	}
	const result = { file: store.file, id: store.id, parentSession: file, leafId: store.snapshot().leafId, ...(restored ? { restored } : {}) };
	if (restored && !opts.json) process.stderr.write(`${restored.text}\n`);
	return opts.json ? json(result) : out(`Forked ${id ?? "(empty)"} into ${store.file}`);
}

export async function labelCommand(arg: string, entryId: string, text: string, opts: CommonOptions): Promise<number> {
	const store = openForWrite(arg, place(opts));
	try {
		const id = store.snapshot().resolveId(entryId);
		const label = text.trim();
		store.setLabel(id, label || undefined);
		store.sync();
		return out(label ? `Labelled ${id}: ${label}` : `Cleared label on ${id}`);
	} finally {
		store.close();
	}
}

export async function exportCommand(arg: string, outArg: string | undefined, opts: CommonOptions): Promise<number> {
	const where = place(opts);
	const file = sessionFile(arg, where);
	const view = openForRead(file, where).snapshot();
	// Lazy: the page script is a few hundred kB that no other subcommand needs.
	const { exportToFile } = await import("../export/export-file.js");
	const result = await exportToFile({ view, sessionFile: file, out: outArg, cwd: where.cwd });
	return opts.json ? json({ ...result, sessionFile: file }) : out(result.file);
}
