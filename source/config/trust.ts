/**
 * Project trust (docs/trust.md): a project's `.arbor/` (settings, extensions, SYSTEM.md and
 * APPEND_SYSTEM.md, prompt templates, skills; the coming MCP servers) takes effect only in a project
 * the user trusted, with the content they trusted. Every loader asks {@link projectAllowed}; the
 * chat asks the user first (ui/trust/), headless modes say once on stderr how to trust.
 */
import { realpathSync } from "node:fs";
import { projectContent, type ProjectContent } from "./trust-content.js";
import { readTrust, writeTrust, type TrustRecord } from "./trust-store.js";

export type { ProjectContent } from "./trust-content.js";

/** Where the decision stands for a project folder. */
type TrustState =
	| { state: "none" }
	| { state: "trusted"; content: ProjectContent; record: TrustRecord }
	| { state: "run"; content: ProjectContent }
	| { state: "untrusted"; content: ProjectContent; changed: boolean; declined: boolean };

type RunDecisions = { trustAll: boolean; chat: boolean; declined: Set<string>; told: Set<string> };

/**
 * This process's decisions: `--trust-project`, the chat's "not now" per project, the notices given.
 * Kept on `globalThis`: print mode is bundled apart (dist/print-mode.js holds its own copy of this
 * module), and the decision cli.ts takes must reach it.
 */
const KEY = Symbol.for("arbor.project-trust");
const run: RunDecisions = ((globalThis as Record<symbol, RunDecisions | undefined>)[KEY] ??= { trustAll: false, chat: false, declined: new Set(), told: new Set() });

/** The project's real path: the key of its trust (a symbolic link to it is the same project). */
export function projectKey(cwd: string): string {
	try {
		return realpathSync(cwd);
	} catch {
		return cwd;
	}
}

/** The decision for `where.cwd` now (its content read afresh: a changed `.arbor/` is untrusted again). */
export function projectTrust(where: { cwd: string; home: string }): TrustState {
	const content = projectContent(where.cwd);
	if (!content) return { state: "none" };
	const key = projectKey(where.cwd);
	const record = readTrust(where.home)[key];
	if (record?.hash === content.hash) return { state: "trusted", content, record };
	if (run.trustAll) return { state: "run", content };
	return { state: "untrusted", content, changed: record !== undefined, declined: run.declined.has(key) };
}

/**
 * Whether the project's `.arbor/` may take effect (nothing in it acts, or it is trusted). Headless,
 * the first refusal per project says on stderr how to trust it; the chat has asked already.
 */
export function projectAllowed(where: { cwd: string; home: string }): boolean {
	const trust = projectTrust(where);
	if (trust.state !== "untrusted") return true;
	const key = projectKey(where.cwd);
	if (!run.chat && !trust.declined && !run.told.has(key)) {
		run.told.add(key);
		process.stderr.write(`arbor: ${untrustedText(trust)}\n`);
	}
	return false;
}

/**
 * Whether the project's `baseUrl` may be used: only when the user trusted the project with that
 * baseUrl shown (the chat's dialog and `arbor trust` list it); `--trust-project` alone never sends
 * the user's keys to a project's server. The first refusal says so on stderr (headless).
 */
export function projectBaseUrlAllowed(where: { cwd: string; home: string }, baseUrl: string): boolean {
	const trust = projectTrust(where);
	if (trust.state === "trusted" && trust.record.baseUrl === baseUrl) return true;
	const key = `${projectKey(where.cwd)}\0baseUrl`;
	if (!run.chat && !run.told.has(key)) {
		run.told.add(key);
		process.stderr.write(`arbor: the project's baseUrl ${baseUrl} was not used: your API keys go there only after \`arbor trust\` has shown it to you\n`);
	}
	return false;
}

/** The one line that says the project's `.arbor/` was left out, and how to trust it. */
function untrustedText(trust: Extract<TrustState, { state: "untrusted" }>): string {
	const what = trust.changed ? "changed since you trusted it" : "is not trusted";
	return `this project's .arbor/ ${what}, so it was not used: run \`arbor trust\` to trust it, or add --trust-project for one run`;
}

/** The start-up line's part for a project whose `.arbor/` was left out ("" otherwise). */
export function projectNote(where: { cwd: string; home: string }): string {
	const trust = projectTrust(where);
	if (trust.state !== "untrusted") return "";
	return trust.changed ? "project .arbor/ changed: not used (arbor trust)" : "project .arbor/ not trusted: not used (arbor trust)";
}

/** Trusts the project's current content (and its baseUrl, shown by the caller); undefined when nothing in it acts. */
export function trustProject(where: { cwd: string; home: string }): ProjectContent | undefined {
	const content = projectContent(where.cwd);
	if (!content) return undefined;
	const baseUrl = content.highlights.baseUrl;
	writeTrust(where.home, projectKey(where.cwd), {
		hash: content.hash,
		trustedAt: new Date().toISOString(),
		files: content.files.map((f) => f.path),
		...(baseUrl !== undefined ? { baseUrl } : {}),
	});
	run.declined.delete(projectKey(where.cwd));
	return content;
}

/** Forgets the project's trust; false when it had none. */
export function revokeTrust(where: { cwd: string; home: string }): boolean {
	const key = projectKey(where.cwd);
	if (!readTrust(where.home)[key]) return false;
	writeTrust(where.home, key, undefined);
	return true;
}

/** Every trusted project, by path. */
export function trustedProjects(home: string): [string, TrustRecord][] {
	return Object.entries(readTrust(home)).sort(([a], [b]) => a.localeCompare(b));
}

/** `--trust-project`: every project this process opens counts as trusted (its baseUrl still does not). */
export function trustProjectsThisRun(): void {
	run.trustAll = true;
}

/** The chat: it asks the user itself and says in its status line what it left out (no stderr lines). */
export function trustAskedInChat(): void {
	run.chat = true;
}

/** The chat's "not now": this process runs without the project's `.arbor/`. */
export function declineThisRun(cwd: string): void {
	run.declined.add(projectKey(cwd));
}
