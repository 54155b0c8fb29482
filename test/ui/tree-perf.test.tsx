import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { render } from "ink-testing-library";
import { act } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { TreeScreen } from "../../source/ui/components/tree-screen.js";
import { KEYS } from "./tree-test-session.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-tree-perf-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function generate(kind: "bushy-deep"): string {
	const file = path.join(dir, `${kind}.jsonl`);
	execFileSync("node", ["/work/shared/tools/gen-session.mjs", "--out", file, "--kind", kind, "--n", "100000"], { stdio: "pipe" });
	return file;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median time from a key press to the committed frame: must stay well under one 16 ms frame. */
function keyCosts(file: string): { median: number; frame: string } {
	const store = SessionStore.open(file);
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(<TreeScreen store={store} summaryModel={undefined} askSummary rows={40} cols={100} initialFilter="default" onDone={() => {}} />);
	});
	const costs: number[] = [];
	for (const key of [...Array(15).fill(KEYS.up), ...Array(15).fill(KEYS.down), KEYS.pageUp, KEYS.pageDown]) {
		const start = performance.now();
		act(() => {
			app.stdin.write(key);
		});
		costs.push(performance.now() - start);
	}
	const frame = app.lastFrame() ?? "";
	act(() => app.unmount());
	store.close();
	return { median: median(costs), frame };
}

describe("100k-entry trees", () => {
	let baseline = 0;
	it("baseline: a 60-entry session", () => {
		const file = path.join(dir, "small.jsonl");
		execFileSync("node", ["/work/shared/tools/gen-session.mjs", "--out", file, "--kind", "linear", "--n", "60"], { stdio: "pipe" });
		baseline = keyCosts(file).median;
		expect(baseline).toBeGreaterThan(0);
	});

	// Ink's own render of one frame dominates and depends on the machine (tens of ms on a loaded CI
	// box), so the check is relative: on 100k entries a key press adds less than a frame (16 ms) to
	// what it costs on 60 entries. Any per-key work linear in the entries would add far more.
	// bushy-deep is the hard case: a long active path, thousands of branch points, gutters thousands
	// of columns wide. (The 100k-deep linear chain is covered by the row builder's tests.)
	it("bushy-deep: a key press adds < 16 ms over the small session", () => {
		const { median: cost, frame } = keyCosts(generate("bushy-deep"));
		expect(frame).toMatch(/\(\d+\/\d+\) \[default\]/);
		expect(frame.split("\n").filter((l) => l.includes("← active")).length).toBe(1);
		expect(cost - baseline).toBeLessThan(16);
	}, 120_000);
});
