import { extensionTimeoutMs, maxRetries } from "../config/env.js";
import type { Settings } from "../config/settings.js";
import { extensionPaths, setUpExtensions, type ExtensionFlags, type ExtensionHost } from "./setup.js";
import { chooseModels, type ModelChoice } from "../config/model-config.js";
import type { ModelFlags, Place } from "../config/options.js";

/** Options of {@link loadExtensions}: this run's place, settings, flags and (if known) models. */
type LoadExtensionsOptions = {
	where: Place;
	settings: Settings;
	flags: ExtensionFlags & ModelFlags;
	mode: "interactive" | "print" | "command";
	/** The run's models when already chosen; otherwise chosen on the first `complete`. */
	models?: ModelChoice;
	/** The run's built-in tools (pi's getActiveTools). */
	toolNames?: readonly string[];
};

/** Loads the run's extensions (see docs/extensions.md); `complete` uses the run's model flags. */
export function loadExtensions(opts: LoadExtensionsOptions): Promise<ExtensionHost> {
	let models: Promise<ModelChoice> | undefined = opts.models ? Promise.resolve(opts.models) : undefined;
	return setUpExtensions({
		cwd: opts.where.cwd,
		home: opts.where.home,
		mode: opts.mode,
		flags: opts.flags,
		settings: opts.settings,
		maxRetries: maxRetries(),
		timeoutMs: extensionTimeoutMs(process.env, opts.settings.extensionTimeout),
		toolNames: opts.toolNames,
		models: async () => {
			const m = await (models ??= chooseModels(opts.flags, opts.settings));
			return { resolve: m.resolve, chat: m.chat, summary: m.summary, error: m.summaryError ?? m.chatError };
		},
	});
}

/** /reload: the run's extensions found again with `settings` and loaded afresh (see ExtensionHost.reload). */
export function reloadExtensions(host: ExtensionHost, opts: Pick<LoadExtensionsOptions, "where" | "settings" | "flags">): Promise<void> {
	return host.reload(extensionPaths({ cwd: opts.where.cwd, home: opts.where.home, flags: opts.flags, settings: opts.settings }));
}
