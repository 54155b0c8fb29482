/** What a sync did (or, with --dry-run, would do), per session and in total: the text and `--json` forms. */
import type { Outcome } from "./apply-plans.js";
import type { SessionPlan } from "./plan.js";

/** One session's part. */
export type SessionReport = {
	id: string;
	file?: string;
	/** Entries sent, and their bytes (as sent: redacted). */
	sent: number;
	sentBytes: number;
	/** Entries fetched into the local file, and their bytes. */
	received: number;
	receivedBytes: number;
	/** Checkpoint trees the sent entries name. */
	checkpoints: number;
	/** Ids of sent entries that held a key (sent redacted). */
	redacted: string[];
	created: boolean;
	/** Why the local file was left for the next sync (another arbor writes it). */
	busy?: string;
};

/** The whole sync. */
export type SyncReport = {
	remote: string;
	url: string;
	dryRun: boolean;
	sessions: SessionReport[];
	/** Sessions neither side changed since the last sync. */
	unchanged: number;
	sent: number;
	sentBytes: number;
	received: number;
	receivedBytes: number;
};

const bytes = (lines: readonly Buffer[]) => lines.reduce((n, l) => n + l.length + 1, 0);

/** The report of some plans and what applying them did. */
export function reportOf(r: { remote: string; url: string; dryRun: boolean; plans: readonly SessionPlan[]; same: number; outcomes: ReadonlyMap<string, Outcome> }): SyncReport {
	const sessions = r.plans
		.filter((p) => p.push.length > 0 || p.append.length > 0 || !p.local || p.note)
		.map((p): SessionReport => {
			const o = r.outcomes.get(p.id);
			const s: SessionReport = { id: p.id, file: o?.file ?? p.local?.file, sent: p.push.length, sentBytes: bytes(p.push), received: p.append.length, receivedBytes: bytes(p.append.map((e) => e.line)), checkpoints: p.trees.length, redacted: p.redacted, created: o?.created ?? !p.local };
			if (o?.busy ?? p.note) s.busy = o?.busy ?? p.note;
			return s;
		});
	const sum = (k: "sent" | "sentBytes" | "received" | "receivedBytes") => sessions.reduce((n, s) => n + s[k], 0);
	return { remote: r.remote, url: r.url, dryRun: r.dryRun, sessions, unchanged: r.same + r.plans.length - sessions.length, sent: sum("sent"), sentBytes: sum("sentBytes"), received: sum("received"), receivedBytes: sum("receivedBytes") };
}

/** The report as text lines. */
export function reportText(r: SyncReport): string {
	const verb = r.dryRun ? "would " : "";
	const lines = r.sessions.map((s) => {
		const parts = [`${s.id}:`, `${verb}send ${s.sent} entries (${s.sentBytes} bytes)`, `${verb}fetch ${s.received} (${s.receivedBytes} bytes)`];
		if (s.checkpoints > 0) parts.push(`${s.checkpoints} checkpoint trees`);
		if (s.created) parts.push("new here");
		if (s.redacted.length > 0) parts.push(`keys redacted in entries ${s.redacted.join(", ")}`);
		if (s.busy) parts.push(`left for the next sync (${s.busy})`);
		return parts.join(" ");
	});
	const head = r.sessions.length === 0 ? `Nothing to sync with ${r.remote} (${r.unchanged} sessions up to date).` : `${r.dryRun ? "Would sync" : "Synced"} with ${r.remote}: ${r.sent} entries sent, ${r.received} fetched, ${r.unchanged} sessions up to date.`;
	return [head, ...lines].join("\n");
}
