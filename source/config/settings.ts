import { existsSync } from "node:fs";
import { join } from "node:path";
import { readConfigText } from "./config-file.js";
import { MAX_TIMER_SECONDS } from "./env.js";
import { usageError } from "./errors.js";
import { projectAllowed, projectBaseUrlAllowed } from "./trust.js";
import { errorMessage } from "../text/error-text.js";
import { resolvePath } from "../tools/paths.js";

/**
 * `$ARBOR_HOME/settings.json`, then the project's `.arbor/settings.json` over it (see
 * {@link loadSettings}). Every field optional; flags and environment win over them.
 */
export type Settings = {
	model?: string;
	summaryModel?: string;
	baseUrl?: string;
	/** Tools enabled by default (names as for --tools). */
	tools?: string[];
	/** Initial /tree filter: default | user | no-tools | labeled | all. */
	treeFilter?: string;
	/** Ask "Summarize the branch you're leaving?" when a move abandons entries (default true). */
	askSummary?: boolean;
	/** Seconds without a byte from the provider before a request fails (default 120; 0: never). */
	timeout?: number;
	/** Folders besides the working directory that the file tools may use (as --add-dir). */
	addDirs?: string[];
	/** Extension modules to load (paths relative to $ARBOR_HOME). */
	extensions?: string[];
	/** Seconds an extension may take to load or to answer one event (default 60; 0: no limit). */
	extensionTimeout?: number;
	/** Read AGENTS.md / CLAUDE.md into the system prompt (default true; --no-context-files). */
	contextFiles?: boolean;
	/** Tokens kept free in a model's window before a turn compacts automatically (default 16,384). */
	compactionReserve?: number;
	/** Checkpoints of the project's files at turn boundaries (default true; --no-checkpoints). */
	checkpoints?: boolean;
	/** Files larger than this (bytes) are left out of checkpoints (default 2 MiB). */
	checkpointMaxFileBytes?: number;
	/** No checkpoints in a folder with more files than this (default 100,000). */
	checkpointMaxFiles?: number;
	/** No new checkpoints while the project's store is larger than this (bytes; default 5 GiB). */
	checkpointMaxStoreBytes?: number;
	/** More prompt template files or folders (`~/…`, or relative to the working directory). */
	prompts?: string[];
	/** More skill files or folders (`~/…`, or relative to the working directory). */
	skills?: string[];
	/** The models Ctrl+P goes through (patterns, `*` for any characters), as --models. */
	enabledModels?: string[];
	/** The thinking level of a session whose path has none yet (pi's defaultThinkingLevel); --thinking wins. */
	thinking?: string;
	/** Compact automatically (before a turn that would not fit, and when the provider refuses the context as too long); default true. */
	autoCompaction?: boolean;
	/** Shell lines run before every bash command, the tool's and `!command`'s (pi's shellCommandPrefix). */
	shellCommandPrefix?: string;
	/** The most branches a fan-out may start (docs/fanout.md); default 8. */
	fanoutMax?: number;
	/** Every bash command (the tool's and `!command`'s) in the OS sandbox, the project writable (docs/fanout.md). */
	sandbox?: boolean;
	/** The sandbox keeps the network (`--allow-net`). */
	sandboxNetwork?: boolean;
	/** pi's keys while a reply runs: Enter steers and Alt+Enter queues a follow-up (default false: the other way round). */
	steerOnEnter?: boolean;
	/** MCP servers by name, Claude Code's `.mcp.json` shape (docs/mcp.md); a project's need `arbor mcp approve`. */
	mcpServers?: Record<string, unknown>;
	/** Percent of the model's window the MCP tool definitions may take before the model searches them instead (default 10). */
	mcpToolShare?: number;
	/** `arbor sync` (docs/sync.md): the default remote, and whether the chat syncs by itself. */
	sync?: { remote?: string; auto?: boolean };
	/** How deep `task` sub-agents nest (default 2: a task's task's task is refused). */
	taskDepth?: number;
	/** Tokens one task may spend before it is stopped (default 0: no limit). */
	taskTokenBudget?: number;
};

const KEYS: Record<keyof Settings, "string" | "boolean" | "string[]" | "number" | "seconds" | "object" | "sync"> = {
	model: "string",
	summaryModel: "string",
	baseUrl: "string",
	tools: "string[]",
	treeFilter: "string",
	askSummary: "boolean",
	timeout: "seconds",
	addDirs: "string[]",
	extensions: "string[]",
	extensionTimeout: "seconds",
	contextFiles: "boolean",
	compactionReserve: "number",
	checkpoints: "boolean",
	checkpointMaxFileBytes: "number",
	checkpointMaxFiles: "number",
	checkpointMaxStoreBytes: "number",
	prompts: "string[]",
	skills: "string[]",
	enabledModels: "string[]",
	thinking: "string",
	autoCompaction: "boolean",
	shellCommandPrefix: "string",
	steerOnEnter: "boolean",
	mcpServers: "object",
	mcpToolShare: "number",
	sync: "sync",
	taskDepth: "number",
	taskTokenBudget: "number",
	fanoutMax: "number",
	sandbox: "boolean",
	sandboxNetwork: "boolean",
};

type Kind = (typeof KEYS)[keyof Settings];
const KIND_NAMES: Record<Kind, string> = {
	string: "string",
	boolean: "boolean",
	"string[]": "list of strings",
	number: `number from 0 to ${Number.MAX_SAFE_INTEGER}`,
	seconds: `number of seconds from 0 to ${MAX_TIMER_SECONDS}`,
	object: "JSON object",
	sync: 'object like {"remote": "origin", "auto": false}',
};

function fits(kind: Kind, value: unknown): boolean {
	switch (kind) {
		case "string[]":
			return Array.isArray(value) && value.every((v) => typeof v === "string");
		case "number":
			return typeof value === "number" && value >= 0 && value <= Number.MAX_SAFE_INTEGER;
		case "seconds":
			return typeof value === "number" && value >= 0 && value <= MAX_TIMER_SECONDS;
		case "object":
			return typeof value === "object" && value !== null && !Array.isArray(value);
		case "sync": {
			if (!value || typeof value !== "object" || Array.isArray(value)) return false;
			const { remote, auto } = value as Record<string, unknown>;
			return (remote === undefined || (typeof remote === "string" && remote !== "")) && (auto === undefined || typeof auto === "boolean");
		}
		default:
			return typeof value === kind;
	}
}

/** Lists that add things: a project's are added after the user's, not instead of them. */
const ADDED = ["addDirs", "extensions", "prompts", "skills"] as const;

/** Where the project's settings live, below the working directory (as `.arbor/extensions`, `.arbor/prompts`). */
export const PROJECT_SETTINGS = join(".arbor", "settings.json");

/**
 * The settings a run in `where.cwd` uses: the user's (`$ARBOR_HOME/settings.json`) and the
 * project's (`<cwd>/.arbor/settings.json`, pi's `.pi/settings.json`). A value the project gives
 * wins; the lists of things to add (`addDirs`, `extensions`, `prompts`, `skills`) are the user's
 * followed by the project's. The project's `extensions` are relative to its `.arbor` folder. A
 * missing file is empty settings, a broken one is a configuration error naming it.
 */
export function loadSettings(where: { home: string; cwd: string }): Settings {
	const user = readSettingsFile(join(where.home, "settings.json"));
	// The project's only when the user trusted it (trust.ts); its baseUrl only when they saw it then.
	const project = existsSync(join(where.cwd, PROJECT_SETTINGS)) && projectAllowed(where) ? readSettingsFile(join(where.cwd, PROJECT_SETTINGS)) : {};
	if (project.baseUrl !== undefined && !projectBaseUrlAllowed(where, project.baseUrl)) delete project.baseUrl;
	if (project.extensions) project.extensions = project.extensions.map((p) => resolvePath(join(where.cwd, ".arbor"), p));
	const merged: Settings = { ...user, ...project };
	for (const key of ADDED) {
		const both = [...(user[key] ?? []), ...(project[key] ?? [])];
		if (both.length > 0) merged[key] = both;
	}
	return merged;
}

/** `.arbor/settings.json` when the project in `where.cwd` has one that is used (the start-up line names it). */
export function projectSettingsFile(where: { cwd: string; home: string }): string | undefined {
	return existsSync(join(where.cwd, PROJECT_SETTINGS)) && projectAllowed(where) ? PROJECT_SETTINGS : undefined;
}

/** One settings file as it is (no merging, no trust check: the caller decides); {} when there is none. */
export function readSettingsFile(file: string): Settings {
	const text = readConfigText(file);
	if (text === undefined) return {};
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch (error) {
		throw usageError(`${file}: invalid JSON (${errorMessage(error)})`);
	}
	if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw usageError(`${file}: expected a JSON object`);
	const settings: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(raw)) {
		// Unknown keys are tolerated so newer settings files still load; `constructor`, `__proto__`
		// and the other names every object inherits are unknown keys too.
		if (!Object.hasOwn(KEYS, key)) continue;
		const kind = KEYS[key as keyof Settings];
		if (!fits(kind, value)) throw usageError(`${file}: "${key}" must be a ${KIND_NAMES[kind]}, not ${JSON.stringify(value) ?? String(value)}`);
		settings[key] = value;
	}
	return settings as Settings;
}

/** Every key a settings file may hold (docs/settings.md has a row for each). */
export const SETTINGS_KEYS = Object.keys(KEYS) as (keyof Settings)[];
