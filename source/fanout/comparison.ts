/** The comparison of a fan-out's branches (docs/fanout.md): text for a terminal, JSON for scripts. */
import type { BranchOutcome } from "./branch.js";
import type { FanoutResult } from "./run-fanout.js";

/** The first lines of a branch's final answer. */
export function answerHead(answer: string, lines = 3): string[] {
	return answer.trim().split("\n").slice(0, lines);
}

/** `+12 -3 in 2 files` (or `no file changed`). */
export function filesLine(branch: BranchOutcome): string {
	if (branch.files.length === 0) return "no file changed";
	const added = branch.files.reduce((n, f) => n + f.added, 0);
	const removed = branch.files.reduce((n, f) => n + f.removed, 0);
	return `+${added} -${removed} in ${branch.files.length} file${branch.files.length === 1 ? "" : "s"}`;
}

/** The check's result in a few words. */
export function checkLine(branch: BranchOutcome): string | undefined {
	if (!branch.check) return undefined;
	return branch.check.exitCode === 0 ? "check passed" : `check failed (exit ${branch.check.exitCode ?? "signal"})`;
}

/** `1,234 in / 56 out tokens · $0.0012 · 3.4 s`. */
function usageLine(branch: Pick<BranchOutcome, "tokens" | "cost" | "ms">): string {
	return `${branch.tokens.input} in / ${branch.tokens.output} out tokens · $${branch.cost.toFixed(4)} · ${(branch.ms / 1000).toFixed(1)} s`;
}

/** The comparison as lines of text, one block per branch, then the total. */
export function comparisonText(result: FanoutResult): string {
	const blocks = result.branches.map((b) => {
		const status = b.status === "done" ? "" : ` — ${b.status}${b.error ? `: ${b.error}` : ""}`;
		const lines = [`[${b.index}] ${b.label}${status}`, `    end ${b.endId ?? "-"} · ${filesLine(b)}${checkLine(b) ? ` · ${checkLine(b)}` : ""}`, `    ${usageLine(b)}`];
		for (const line of answerHead(b.answer)) lines.push(`    │ ${line}`);
		return lines.join("\n");
	});
	const total = result.branches.reduce((sum, b) => ({ tokens: { input: sum.tokens.input + b.tokens.input, output: sum.tokens.output + b.tokens.output }, cost: sum.cost + b.cost, ms: Math.max(sum.ms, b.ms) }), { tokens: { input: 0, output: 0 }, cost: 0, ms: 0 });
	return [...blocks, `total: ${usageLine(total)}`].join("\n\n");
}

/** The comparison as `--json` prints it. */
export function comparisonJson(result: FanoutResult, kept?: unknown): object {
	return {
		sessionFile: result.sessionFile ?? null,
		entryId: result.entryId,
		dir: result.dir,
		branches: result.branches.map((b) => ({ ...b, answerHead: answerHead(b.answer) })),
		cost: result.branches.reduce((n, b) => n + b.cost, 0),
		...(kept ? { kept } : {}),
	};
}
