/**
 * Approval of a project's MCP servers (docs/mcp.md): `.mcp.json` and a project's settings start
 * programs, so each project server starts only once the user approved it — per project (its real
 * path) and per server, with the hash of its config as written: a changed command, argument, address
 * or environment asks again. Kept in `$ARBOR_HOME/mcp-approvals.json` (temp + rename, mode 0600).
 * User-level, extension and ACP-session servers need none.
 */
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { usageError } from "../config/errors.js";
import { projectKey } from "../config/trust.js";
import { errorMessage } from "../text/error-text.js";
import { describeServer, type McpServerConfig, type McpServerEntry } from "./config.js";

type Approval = { hash: string; approvedAt: string; command: string };
type ApprovalFile = { version: 1; projects: Record<string, Record<string, Approval>> };

const approvalFile = (home: string): string => join(home, "mcp-approvals.json");

/** The hash of a server's config as written (before `${VAR}` expansion: a changed secret does not ask again). */
export function configHash(config: McpServerConfig): string {
	const canonical = JSON.stringify(config, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
	return createHash("sha256").update(canonical).digest("hex");
}

function readApprovals(home: string): ApprovalFile {
	const file = approvalFile(home);
	if (!existsSync(file)) return { version: 1, projects: {} };
	try {
		const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<ApprovalFile> | null;
		if (raw?.projects && typeof raw.projects === "object" && !Array.isArray(raw.projects)) return { version: 1, projects: raw.projects };
	} catch (error) {
		throw usageError(`${file}: invalid JSON (${errorMessage(error)}); remove it to approve the projects' MCP servers afresh`);
	}
	throw usageError(`${file}: expected {"version": 1, "projects": {…}}`);
}

function writeApprovals(home: string, body: ApprovalFile): void {
	mkdirSync(home, { recursive: true, mode: 0o700 });
	const file = approvalFile(home);
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify(body, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, file);
}

/** Where a server stands: user-level ones need nothing; a project's is approved, new, or changed since. */
type ApprovalState = "not-needed" | "approved" | "new" | "changed";

/** The state of each entry for the project in `where.cwd`. */
export function approvalStates(where: { cwd: string; home: string }, entries: readonly McpServerEntry[]): Map<string, ApprovalState> {
	const records = readApprovals(where.home).projects[projectKey(where.cwd)] ?? {};
	const states = new Map<string, ApprovalState>();
	for (const entry of entries) {
		if (entry.scope !== "project") states.set(entry.name, "not-needed");
		else {
			const record = records[entry.name];
			states.set(entry.name, !record ? "new" : record.hash === configHash(entry.config) ? "approved" : "changed");
		}
	}
	return states;
}

/** Approves the project servers among `entries` as they are now. */
export function approveServers(where: { cwd: string; home: string }, entries: readonly McpServerEntry[]): void {
	const body = readApprovals(where.home);
	const key = projectKey(where.cwd);
	const records = { ...(body.projects[key] ?? {}) };
	for (const entry of entries) {
		if (entry.scope !== "project") continue;
		records[entry.name] = { hash: configHash(entry.config), approvedAt: new Date().toISOString(), command: describeServer(entry.config) };
	}
	body.projects[key] = records;
	writeApprovals(where.home, body);
}

/** Forgets the approval of the project's servers named (all of them when `names` is undefined). */
export function revokeServers(where: { cwd: string; home: string }, names?: readonly string[]): void {
	const body = readApprovals(where.home);
	const key = projectKey(where.cwd);
	const records = { ...(body.projects[key] ?? {}) };
	for (const name of names ?? Object.keys(records)) delete records[name];
	if (Object.keys(records).length === 0) delete body.projects[key];
	else body.projects[key] = records;
	writeApprovals(where.home, body);
}

/** The one line headless modes say for project servers that did not start (nothing when there are none). */
export function unapprovedLine(names: readonly string[], changed: boolean): string {
	const what = names.length === 1 ? `MCP server ${names[0]}` : `MCP servers ${names.join(", ")}`;
	return `this project's ${what} ${changed ? "changed since approved" : "not approved"}, not started: run \`arbor mcp approve\` to approve`;
}
