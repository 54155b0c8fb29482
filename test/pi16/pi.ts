/**
 * pi 1.6's own code on session files, run in a child of a Node ≥ 22.19 (test/helpers/modern-node.ts):
 * `piContexts` (pi-context.mjs: buildSessionContext at every leaf) and `piWriteSession`
 * (pi-write-session.mjs: a session written by pi's AgentSession and SessionManager).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { modernNode } from "../helpers/modern-node.js";
import { REPO_ROOT } from "../helpers/shared.js";

type PiMessage = { role: string; [key: string]: unknown };
/** pi's reading of a session at one leaf (null: pi's default, the file's last entry). */
export type PiLeaf = { leaf: string | null; messages: PiMessage[]; llm: PiMessage[]; model: unknown; thinkingLevel: string };

async function runPi(script: string, args: string[]): Promise<string> {
	const node = await modernNode();
	return execFileSync(node, [join(REPO_ROOT, "test/pi16", script), ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
}

/** pi 1.6's buildSessionContext (and convertToLlm of it) for every entry of `file` as leaf. */
export async function piContexts(file: string): Promise<PiLeaf[]> {
	return (JSON.parse(await runPi("pi-context.mjs", [file])) as { leaves: PiLeaf[] }).leaves;
}

/** A new session written by pi 1.6 for `cwd` into `sessionDir`; its path. */
export async function piWriteSession(cwd: string, sessionDir: string): Promise<string> {
	return (await runPi("pi-write-session.mjs", [cwd, sessionDir])).trim();
}

/**
 * pi's context messages as arbor builds them: without system messages (arbor sends its own prompt)
 * and without `!!` commands (pi drops them when it converts, arbor already when it builds).
 */
export function withoutSystem(messages: PiMessage[]): PiMessage[] {
	return messages.filter((m) => m.role !== "system" && !(m.role === "bashExecution" && m.excludeFromContext === true));
}
