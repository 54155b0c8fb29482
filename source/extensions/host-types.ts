/** The types of the extension host (host.ts): what the mode provides, the UI's sinks, registrations. */
import type { SessionEntry } from "../session/types.js";
import type { DialogSink } from "./dialogs.js";
import type { CommandOptions, CompleteOptions, EventName, ExtensionContext, ExtensionHandler, ShortcutOptions } from "./types.js";
import type { RegisteredTool } from "./tools.js";

/** What the mode running the extensions provides. */
export type HostOptions = {
	cwd: string;
	mode: ExtensionContext["mode"];
	/** One `arbor: warning: …` line (stderr before/without the UI, the status line in it). */
	warn(line: string): void;
	/** ctx.ui.notify outside the UI (print mode, subcommands). */
	notify(text: string): void;
	complete(options: CompleteOptions): Promise<string>;
	/** How long loading one extension, or one handler, may take (ms; 0: no limit). Default 60 s. */
	timeoutMs?: number;
	/** The built-in tools of the run (pi's getActiveTools lists them with the extensions' tools). */
	toolNames?: readonly string[];
	/** What pi's getSettings returns: the run's settings. */
	settings?: object;
};

/** Where notices, warnings and (with a UI) dialogs go; `appended`: an entry an extension wrote, once stored. */
export type UiSinks = { warn(line: string): void; notify(text: string): void; appended?(entry: SessionEntry): void; dialog?: DialogSink; send?: PromptSink; status?: StatusSink; widget?: WidgetSink };

/** Sets (lines) or removes (undefined) an extension's widget above the editor. */
export type WidgetSink = (key: string, lines: string[] | undefined) => void;

/** Sets (text) or removes (undefined) an extension's lasting status line part. */
export type StatusSink = (key: string, text: string | undefined) => void;

/** Sends an extension's user message (see ExtensionAPI.sendUserMessage). */
export type PromptSink = (text: string, deliverAs: "steer" | "followUp") => void;

/** A slash command an extension registered, for the UI's completion list. */
export type ExtensionCommand = { name: string; description: string; path: string };

export type Registration = { handlers: [EventName, ExtensionHandler<EventName>][]; commands: [string, CommandOptions][]; tools: RegisteredTool[]; shortcuts: ExtensionShortcut[] };

/** A key an extension registered for the chat's prompt (the UI checks the key against its keymap). */
export type ExtensionShortcut = { key: string; description: string; path: string; handler: ShortcutOptions["handler"] };
