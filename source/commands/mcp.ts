/**
 * `arbor mcp list|add|remove|approve` (docs/mcp.md), headless: the servers configured for this
 * project with their state, a server written to the user's settings or the project's `.mcp.json`,
 * and the approval of the project's servers. `arbor mcp serve` is arbor as an MCP server.
 */
import { parseArgs } from "node:util";
import { usageError } from "../config/errors.js";
import { approvalStates, approveServers, revokeServers } from "../mcp/approval.js";
import { describeServer, loadMcpConfig, parseServerConfig, validServerName } from "../mcp/config.js";
import { configFileOf, removeServer, serversIn, writeServer, type WriteScope } from "../mcp/config-write.js";
import { arborHome } from "../session/paths.js";
import { terminalText } from "../text/terminal-text.js";
import { mcpList } from "./mcp-list.js";

const out = (line: string) => process.stdout.write(`${terminalText(line)}\n`);

const MCP_USAGE = "usage: arbor mcp list [--tools] [--json] | add [--scope user|project] [--transport stdio|http|sse] [-e KEY=VALUE] [-H 'Name: value'] <name> [--] <command|url> [args...] | remove [--scope user|project] <name> | approve [--revoke] [names...] | serve [--all] [--allow-write] [--session-dir D]";

/** Runs `arbor mcp <verb> …` with the arguments after `mcp`. */
export async function mcpCommand(argv: string[]): Promise<number> {
	const [verb, ...rest] = argv;
	const where = { cwd: process.cwd(), home: arborHome() };
	switch (verb) {
		case "list":
			return mcpList(where, parseArgs({ args: rest, options: { json: { type: "boolean" }, tools: { type: "boolean" } } }).values);
		case "add":
			return add(where, rest);
		case "remove":
			return remove(where, rest);
		case "approve":
			return approve(where, rest);
		case "serve":
			return (await import("../mcp-serve/serve.js")).runMcpServe(rest);
		default:
			throw usageError(verb === undefined ? MCP_USAGE : `unknown mcp command "${verb}"; ${MCP_USAGE}`);
	}
}

function scopeOf(value: string | undefined): WriteScope {
	if (value === undefined || value === "user" || value === "project") return value ?? "user";
	throw usageError(`--scope must be user or project, not ${JSON.stringify(value)}`);
}

/** `KEY=VALUE` pairs (or `Name: value` headers) as an object. */
function pairs(list: string[] | undefined, separator: "=" | ":", what: string): Record<string, string> | undefined {
	if (!list?.length) return undefined;
	const out: Record<string, string> = {};
	for (const item of list) {
		const at = item.indexOf(separator);
		if (at <= 0) throw usageError(`${what} "${item}" must be ${separator === "=" ? "KEY=VALUE" : "'Name: value'"}`);
		out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
	}
	return out;
}

function add(where: { cwd: string; home: string }, argv: string[]): number {
	const dash = argv.indexOf("--");
	const { values, positionals } = parseArgs({
		args: dash === -1 ? argv : argv.slice(0, dash),
		allowPositionals: true,
		options: { scope: { type: "string", short: "s" }, transport: { type: "string", short: "t" }, env: { type: "string", short: "e", multiple: true }, header: { type: "string", short: "H", multiple: true } },
	});
	const [name, first, ...more] = [...positionals, ...(dash === -1 ? [] : argv.slice(dash + 1))];
	if (!name || first === undefined) throw usageError(MCP_USAGE);
	const target = [first, ...more];
	if (!validServerName(name)) throw usageError(`"${name}": a server's name is letters, digits, - and _ (no "__", at most 40)`);
	const transport = values.transport ?? (/^https?:\/\//.test(first) ? "http" : "stdio");
	const env = pairs(values.env, "=", "-e");
	const headers = pairs(values.header, ":", "-H");
	const config: Record<string, unknown> =
		transport === "stdio" ? { command: first, args: more, ...(env ? { env } : {}) } : { type: transport, url: first, ...(headers ? { headers } : {}) };
	if (transport !== "stdio" && target.length > 1) throw usageError(`an ${transport} server takes one address, not ${target.join(" ")}`);
	try {
		parseServerConfig(config);
	} catch (error) {
		throw usageError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
	}
	const file = configFileOf(scopeOf(values.scope), where);
	const replaced = writeServer(file, name, config);
	out(`${replaced ? "replaced" : "added"} MCP server ${name} in ${file}: ${describeServer(parseServerConfig(config))}`);
	return 0;
}

function remove(where: { cwd: string; home: string }, argv: string[]): number {
	const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { scope: { type: "string", short: "s" } } });
	const [name] = positionals;
	if (!name || positionals.length > 1) throw usageError("usage: arbor mcp remove [--scope user|project] <name>");
	const scopes: WriteScope[] = values.scope ? [scopeOf(values.scope)] : ["user", "project"];
	const holding = scopes.filter((s) => Object.hasOwn(serversIn(configFileOf(s, where)), name));
	const [scope] = holding;
	if (scope === undefined) throw usageError(`no MCP server ${name} in ${scopes.map((s) => configFileOf(s, where)).join(" or ")}`);
	if (holding.length > 1) throw usageError(`${name} is in both ${holding.map((s) => configFileOf(s, where)).join(" and ")}: add --scope user or --scope project`);
	const file = configFileOf(scope, where);
	removeServer(file, name);
	if (scope === "project") revokeServers(where, [name]);
	out(`removed MCP server ${name} from ${file}`);
	return 0;
}

function approve(where: { cwd: string; home: string }, argv: string[]): number {
	const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { revoke: { type: "boolean" } } });
	const project = loadMcpConfig(where).servers.filter((s) => s.scope === "project");
	const unknown = positionals.filter((n) => !project.some((s) => s.name === n));
	if (unknown.length > 0) throw usageError(`no project MCP server ${unknown.join(", ")} here (${project.map((s) => s.name).join(", ") || "none"})`);
	const chosen = positionals.length > 0 ? project.filter((s) => positionals.includes(s.name)) : project;
	if (values.revoke) {
		revokeServers(where, positionals.length > 0 ? positionals : undefined);
		out(`no longer approved: ${positionals.length > 0 ? positionals.join(", ") : "every MCP server of this project"}`);
		return 0;
	}
	if (chosen.length === 0) {
		out("this project configures no MCP servers (.mcp.json, .arbor/settings.json)");
		return 0;
	}
	const states = approvalStates(where, chosen);
	approveServers(where, chosen);
	for (const s of chosen) out(`approved ${s.name}${states.get(s.name) === "changed" ? " (changed)" : ""}: ${describeServer(s.config)}  (${s.source})`);
	return 0;
}
