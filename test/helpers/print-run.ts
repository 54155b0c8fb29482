import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh project folder and an empty ARBOR_HOME inside it. */
export function place(prefix = "arbor-print-"): { cwd: string; home: string } {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	return { cwd: dir, home: join(dir, "home") };
}

/** The flags that point print mode at the local SSE server. */
export const model = (url: string): string[] => ["--model", "compat:test-model", "--base-url", url];

/** Every session file under `home`. */
export function sessionFiles(home: string): string[] {
	const root = join(home, "sessions");
	// Only sessions: a folder also holds arbor's `.arbor-worked.json` once a session was opened to work in.
	return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith(".jsonl")).map((f) => join(root, d, f)));
}

/** The parsed lines of a session file (header first). */
export const entries = (file: string): any[] =>
	readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((l) => JSON.parse(l));

/** The messages a request sent, without the system prompt. */
export const sentMessages = (body: any): any[] => body.messages.filter((m: { role: string }) => m.role !== "system");
