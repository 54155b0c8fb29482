/**
 * pi 1.6's ExtensionAPI calls arbor answers besides its own (host.ts): `registerFlag`/`getFlag`
 * (a flag on arbor's command line: `--name`, `--name=value`), `getActiveTools`/`setActiveTools`
 * (the tools the model is offered from the next request on), `getSettings`, `getThinkingLevel`;
 * and the pi events arbor does not emit, accepted with one warning so the extension still loads.
 */
import { readConfigText } from "../config/config-file.js";
import { projectTrust } from "../config/trust.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { arborHome } from "../session/paths.js";
import { safeText } from "./load.js";

/** A flag an extension registered (pi's registerFlag). */
export type ExtensionFlag = { name: string; type: "boolean" | "string"; default?: boolean | string; description?: string; path: string };

/** pi's events arbor never emits (they have no arbor twin yet): `on()` of one is a warning, not a failed load. */
export const PI_ONLY_EVENTS = new Set([
	"resources_discover", "session_before_switch", "agent_start", "message_start", "message_update", "message_end",
	"tool_execution_start", "tool_execution_update", "tool_execution_end", "before_provider_request", "after_provider_response",
	"model_thinking_change",
]);

// On globalThis: the bundle may hold this module twice (cli.ts's chunk and the modes'), one argv.
const FLAGS = Symbol.for("arbor.extensionFlags");
const store = globalThis as { [FLAGS]?: Map<string, string | true> };
const flagsGiven = (): Map<string, string | true> => (store[FLAGS] ??= new Map());

/**
 * The command line's options no built-in option has (`--plan`, `--mode-name=x`): kept for the
 * extensions' registerFlag; the rest of argv is parsed as usual. Not for subcommands.
 */
export function takeExtensionFlags(argv: readonly string[], known: ReadonlySet<string>): string[] {
	if (!mayLoadExtensions(argv)) return [...argv];
	const rest: string[] = [];
	const cliFlags = new Map<string, string | true>();
	store[FLAGS] = cliFlags;
	for (const [i, arg] of argv.entries()) {
		const match = /^--([A-Za-z][\w-]*)(?:=(.*))?$/s.exec(arg);
		const name = match?.[1];
		const after = argv.slice(0, i);
		if (!match || !name || known.has(`--${name}`) || after.includes("--")) rest.push(arg);
		else cliFlags.set(name, match[2] ?? true);
	}
	return rest;
}

/**
 * Whether this run may load an extension (a cheap look, before the settings are read): without one,
 * an unknown option stays for the parser, which reports it before anything else as ever. The
 * project's `.arbor/` counts only once it is trusted (docs/trust.md): an untrusted one loads none.
 */
function mayLoadExtensions(argv: readonly string[]): boolean {
	if (argv.includes("--no-extensions")) return false;
	if (argv.some((a) => a === "--extension" || a.startsWith("--extension="))) return true;
	const home = arborHome();
	const mayLoad = (dir: string) => existsSync(join(dir, "extensions")) || namesExtensions(join(dir, "settings.json"));
	return mayLoad(home) || (existsSync(".arbor") && projectTrust({ cwd: process.cwd(), home }).state !== "untrusted" && mayLoad(".arbor"));
}

/** Whether a settings file names extensions, read once through the config reader (a FIFO must not hang here). */
function namesExtensions(file: string): boolean {
	try {
		return readConfigText(file)?.includes('"extensions"') === true;
	} catch {
		return false; // a broken file is the settings' own error, reported when they are read
	}
}

/** The extension flags given on the command line that no loaded extension registered: `--name` each. */
export function unclaimedFlags(flags: readonly ExtensionFlag[]): string[] {
	return [...flagsGiven().keys()].filter((name) => !flags.some((f) => f.name === name)).map((name) => `--${name}`);
}

/** A registered flag's value: the command line's (a string flag needs `--name=value`), else its default. */
function flagValue(flag: ExtensionFlag | undefined): boolean | string | undefined {
	if (!flag) return undefined;
	const given = flagsGiven().get(flag.name);
	if (given === undefined) return flag.default;
	if (flag.type === "boolean") return given === true || !/^(false|0|no)$/i.test(given);
	return given === true ? flag.default : given;
}

/** registerFlag's options checked: the flag, or why it is refused. */
function checkFlag(name: unknown, options: unknown, path: string): ExtensionFlag | string {
	const o = options as { type?: unknown; default?: unknown; description?: unknown } | undefined;
	if (typeof name !== "string" || !/^[A-Za-z][\w-]*$/.test(name)) return `registerFlag(${JSON.stringify(safeText(name))}): a flag's name is letters, digits, '_' and '-'`;
	if (o?.type !== "boolean" && o?.type !== "string") return `registerFlag("${name}"): needs {type: "boolean" | "string"}`;
	const fallback = typeof o.default === o.type ? (o.default as boolean | string) : undefined;
	return { name, type: o.type, ...(fallback !== undefined ? { default: fallback } : {}), ...(typeof o.description === "string" ? { description: o.description } : {}), path };
}

/** An MCP server an extension registered (pi's registerMcpServer): its config as given, checked when the servers start (mcp/). */
type RegisteredMcpServer = { name: string; config: unknown; extensionPath: string };

/**
 * The tools an extension's setActiveTools leaves the model (undefined: every tool, as arbor chose
 * them), and the MCP servers extensions registered (pi's registerMcpServer; read when the session's
 * servers start, so a registration made later applies from the next session): both are what the
 * extensions add to the model's tools, and both are dropped by /reload.
 */
export class ActiveTools {
	private names: string[] | undefined;
	readonly mcpServers = new Map<string, RegisteredMcpServer>();

	/** pi's getActiveTools: the names offered now (`all`: every tool of the run). */
	get(all: readonly string[]): string[] {
		return this.names ? all.filter((n) => this.names?.includes(n)) : [...all];
	}

	/** pi's setActiveTools: names the run does not have are left out when a request is made. */
	set(names: unknown): void {
		if (!Array.isArray(names)) throw new Error("setActiveTools needs a list of tool names");
		this.names = [...new Set(names.map((n) => safeText(n)))];
	}

	/** For a request: the names of `all` the model may call, or undefined when nothing was set. */
	forRequest(all: readonly string[]): string[] | undefined {
		return this.names ? this.get(all) : undefined;
	}

	clear(): void {
		this.names = undefined;
		this.mcpServers.clear();
	}
}

/** What {@link piCalls} reads of the host. */
type PiCallsHost = {
	warn(line: string): void;
	flags: ExtensionFlag[];
	activeTools: ActiveTools;
	/** Every tool of the run: the built-in ones, then the extensions'. */
	toolNames(): string[];
	settings: object | undefined;
	thinking(): string | undefined;
};

/** pi's API calls of one extension (`path`): flags, active tools, settings, thinking level. */
export function piCalls(path: string, host: PiCallsHost) {
	return {
		registerFlag: (name: string, options: unknown) => {
			const flag = checkFlag(name, options, path);
			if (typeof flag === "string") return host.warn(`extension ${path}: ${flag}; not added`);
			if (!host.flags.some((f) => f.name === flag.name)) host.flags.push(flag);
		},
		getFlag: (name: string) => flagValue(host.flags.find((f) => f.name === name)),
		getActiveTools: () => host.activeTools.get(host.toolNames()),
		setActiveTools: (names: string[]) => host.activeTools.set(names),
		getSettings: () => JSON.parse(JSON.stringify(host.settings ?? {})) as Record<string, unknown>,
		getThinkingLevel: () => host.thinking() ?? "off",
		registerMcpServer: (name: string, config: unknown) => registerMcpServer(host.activeTools.mcpServers, path, name, config),
		unregisterMcpServer: (name: string) => {
			if (host.activeTools.mcpServers.get(name)?.extensionPath === path) host.activeTools.mcpServers.delete(name);
		},
		getMcpServers: () => [...host.activeTools.mcpServers.values()].map((s) => ({ ...s, config: JSON.parse(JSON.stringify(s.config)) as unknown })),
	};
}

/** pi's registerMcpServer: throws for a bad name or config and for a name another extension registered. */
function registerMcpServer(servers: Map<string, RegisteredMcpServer>, path: string, name: unknown, config: unknown): void {
	if (typeof name !== "string" || !/^[A-Za-z0-9_-]{1,40}$/.test(name) || name.includes("__")) throw new Error(`registerMcpServer(${JSON.stringify(safeText(name))}): a server's name is letters, digits, - and _ (no "__", at most 40)`);
	if (!config || typeof config !== "object" || Array.isArray(config)) throw new Error(`registerMcpServer("${name}"): the config must be an object ({command, args, env} or {url, headers})`);
	const owner = servers.get(name)?.extensionPath;
	if (owner !== undefined && owner !== path) throw new Error(`MCP server "${name}" is already registered by extension "${owner}"`);
	servers.set(name, { name, config: JSON.parse(JSON.stringify(config)) as unknown, extensionPath: path });
}
