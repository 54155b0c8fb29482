import type { ResolvedModel, ResolveResult } from "../llm/resolve-model.js";
import { terminalText } from "../text/terminal-text.js";
import { discoverExtensions } from "./discover.js";
import { ExtensionHost } from "./host.js";
import { unclaimedFlags } from "./pi-api.js";
import { usageError } from "../config/errors.js";
import type { CompleteOptions, ExtensionContext } from "./types.js";

export { ExtensionHost, type ExtensionCommand } from "./host.js";

/** The extension flags of the CLI: `--extension <path>` (repeatable) and `--no-extensions`. */
export type ExtensionFlags = { extension?: string[]; extensions?: boolean };

/** The models `complete` may use; asked for only when an extension calls it. */
type CompleteModels = {
	resolve(spec: string): ResolveResult;
	chat?: ResolvedModel;
	summary?: ResolvedModel;
	error?: string;
};

/** Options of {@link setUpExtensions}. */
type SetUpOptions = {
	cwd: string;
	home: string;
	mode: ExtensionContext["mode"];
	flags: ExtensionFlags;
	settings: { extensions?: string[] };
	/** How long loading an extension or one handler may take (ms; 0: no limit; default 60 s). */
	timeoutMs?: number;
	models(): Promise<CompleteModels>;
	maxRetries?: number;
	stderr?: NodeJS.WritableStream;
	toolNames?: readonly string[];
};

async function complete(opts: SetUpOptions, options: CompleteOptions): Promise<string> {
	const models = await opts.models();
	let model = models.summary ?? models.chat;
	if (options.model) {
		const resolved = models.resolve(options.model);
		if (!resolved.ok) throw new Error(resolved.message);
		model = resolved.value;
	}
	if (!model) throw new Error(models.error ?? "no model configured");
	const { completeText } = await import("../llm/complete.js");
	return completeText({ model, system: options.system, prompt: options.prompt, signal: options.signal, maxRetries: opts.maxRetries });
}

/**
 * Finds and loads this run's extensions (none with `--no-extensions`). Always returns a host; with
 * no extensions it is an empty bus and nothing heavy (jiti, the model layer) is imported.
 */
export async function setUpExtensions(opts: SetUpOptions): Promise<ExtensionHost> {
	const stderr = opts.stderr ?? process.stderr;
	const host = new ExtensionHost({
		cwd: opts.cwd,
		mode: opts.mode,
		// Extensions' text may carry a model's output or a file's bytes: no escape sequences reach the terminal.
		warn: (line) => stderr.write(`arbor: warning: ${terminalText(line.split("\n")[0] ?? "")}\n`),
		notify: (text) => stderr.write(`arbor: ${terminalText(text.split("\n")[0] ?? "")}\n`),
		complete: (options) => complete(opts, options),
		timeoutMs: opts.timeoutMs,
		toolNames: opts.toolNames,
		settings: opts.settings,
	});
	const paths = extensionPaths(opts);
	if (paths.length > 0) await host.load(paths);
	// An option no built-in one has is an extension's flag (pi's registerFlag): one nobody registered is an error, as any unknown option.
	const unclaimed = unclaimedFlags(host.flags);
	if (unclaimed.length > 0) throw usageError(`unknown option '${unclaimed.join("', '")}'`);
	return host;
}

/** The extensions a run loads (and /reload loads again, with the settings as they are then). */
export function extensionPaths(opts: Pick<SetUpOptions, "cwd" | "home" | "flags" | "settings">): string[] {
	return discoverExtensions({
		cwd: opts.cwd,
		home: opts.home,
		flags: opts.flags.extension,
		settings: opts.settings.extensions,
		enabled: opts.flags.extensions !== false,
	});
}
