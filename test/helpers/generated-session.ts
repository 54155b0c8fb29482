import { execFileSync } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SessionStore } from "../../source/session/store.js";
import type { SessionTreeView } from "../../source/session/api.js";
import { GEN_SESSION } from "./shared.js";

/**
 * A session made by scripts/gen-session.mjs (`kind` linear, bushy or bushy-deep; `n` entries) in a
 * new temp folder (under the run's, removed when the run ends), opened for real: its long lines'
 * message bodies stay in the file (session/lazy-body.ts).
 */
export function generatedSession(kind: "linear" | "bushy" | "bushy-deep", n: number): { file: string; view: SessionTreeView } {
	const file = join(mkdtempSync(join(tmpdir(), "arbor-generated-")), `${kind}.jsonl`);
	execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", kind, "--n", String(n)], { stdio: "ignore" });
	const store = SessionStore.open(file);
	const view = store.snapshot();
	store.close(); // the bodies are still read through the descriptor the open kept
	return { file, view };
}

/**
 * Overwrites the file with spaces of the same length: from then on, reading a message body back
 * from it throws (`cannot read back an entry`), so a test sees whether a reader needed the file.
 */
export function forgetBodies(file: string): void {
	writeFileSync(file, " ".repeat(statSync(file).size));
}
