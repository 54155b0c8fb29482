/**
 * `arbor mcp add` / `remove`: a server written to (or taken out of) the user's
 * `$ARBOR_HOME/settings.json` or the project's `.mcp.json`, in the `mcpServers` shape; the file's
 * other keys are kept. Written whole to a temp file and renamed.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readConfigText } from "../config/config-file.js";
import { usageError } from "../config/errors.js";
import { errorMessage } from "../text/error-text.js";
import { MCP_JSON } from "./config.js";

/** Where `add` writes: the user's settings (every project) or the project's `.mcp.json` (shared with its other users). */
export type WriteScope = "user" | "project";

export function configFileOf(scope: WriteScope, where: { cwd: string; home: string }): string {
	return scope === "user" ? join(where.home, "settings.json") : join(where.cwd, MCP_JSON);
}

function readObject(file: string): Record<string, unknown> {
	const text = readConfigText(file);
	if (text === undefined || text.trim() === "") return {};
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch (error) {
		throw usageError(`${file}: invalid JSON (${errorMessage(error)}); not changed`);
	}
	if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw usageError(`${file}: expected a JSON object; not changed`);
	return raw as Record<string, unknown>;
}

function writeObject(file: string, value: Record<string, unknown>): void {
	mkdirSync(dirname(file), { recursive: true });
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
	renameSync(temp, file);
}

/** The servers the file names now ({} when none). */
export function serversIn(file: string): Record<string, unknown> {
	const servers = readObject(file).mcpServers;
	return servers && typeof servers === "object" && !Array.isArray(servers) ? (servers as Record<string, unknown>) : {};
}

/** Adds (or replaces) a server; true when one of that name was replaced. */
export function writeServer(file: string, name: string, config: Record<string, unknown>): boolean {
	const body = readObject(file);
	const servers = serversIn(file);
	const replaced = Object.hasOwn(servers, name);
	writeObject(file, { ...body, mcpServers: { ...servers, [name]: config } });
	return replaced;
}

/** Removes a server; false when the file did not name it. */
export function removeServer(file: string, name: string): boolean {
	const servers = serversIn(file);
	if (!Object.hasOwn(servers, name)) return false;
	const { [name]: _removed, ...rest } = servers;
	writeObject(file, { ...readObject(file), mcpServers: rest });
	return true;
}
