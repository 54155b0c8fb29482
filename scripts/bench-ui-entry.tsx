// Bundled by scripts/bench-ui.mjs into .bench/bench-ui.mjs and run in a child process:
//   node .bench/bench-ui.mjs <big.jsonl> <warm-up.jsonl> <presses>
// Opens the store, renders the real TreeScreen (under the session services, as in the App) with ink-testing-library, and times the first
// frame and single key presses. Prints one JSON line with the raw figures (milliseconds).
import { render } from "ink-testing-library";
import React from "react";
import { SessionStore } from "../source/session/store.js";
import { openTreeAgent, TreeHarness } from "../test/ui/tree/tree-harness.js";
import type { AgentSession } from "../source/agent/agent-session.js";
import { KeyInputProvider } from "../source/ui/input/use-keys.js";

type App = ReturnType<typeof render>;

const KEYS = { up: "\u001B[A", down: "\u001B[B", pageUp: "\u001B[5~", pageDown: "\u001B[6~" };
/** Ctrl+U, Ctrl+O, Ctrl+T, Ctrl+L: each toggles a filter on, then (pressed again) back to default. */
const FILTER_KEYS = ["\u0015", "\u000F", "\u0014", "\u000C"];
/** A key that changes nothing produces no frame; give up on it after this long. */
const NO_FRAME_MS = 1000;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits until Ink has written more than `before` frames; the time it took, or null. */
async function nextFrame(app: App, before: number, start: number): Promise<number | null> {
	while (app.frames.length <= before) {
		if (performance.now() - start > NO_FRAME_MS) return null;
		await tick();
	}
	return performance.now() - start;
}

function tree(store: SessionStore, agent: AgentSession): React.ReactElement {
	// Under the input layer, as in the App.
	return (
		<KeyInputProvider>
			<TreeHarness agent={agent} store={store} summaryModel={undefined} askSummary={false} rows={40} cols={120} initialFilter="default" onDone={() => {}} />
		</KeyInputProvider>
	);
}

/** Renders the tree and resolves with the time to its first non-empty frame. */
async function firstFrame(store: SessionStore): Promise<{ app: App; ms: number }> {
	// The core the tree moves through, opened before the clock starts (the app opens it before its first frame too).
	const agent = await openTreeAgent(store, undefined, []);
	const start = performance.now();
	const app = render(tree(store, agent));
	while ((app.lastFrame() ?? "") === "") await tick();
	return { app, ms: performance.now() - start };
}

async function press(app: App, key: string): Promise<number | null> {
	const before = app.frames.length;
	const start = performance.now();
	app.stdin.write(key);
	return nextFrame(app, before, start);
}

async function pressAll(app: App, keys: string[]): Promise<{ ms: number[]; noFrame: number }> {
	const ms: number[] = [];
	let noFrame = 0;
	for (const key of keys) {
		const cost = await press(app, key);
		if (cost === null) noFrame += 1;
		else ms.push(cost);
	}
	return { ms, noFrame };
}

async function main(): Promise<void> {
	const [file, warmFile, pressesArg] = process.argv.slice(2);
	if (!file || !warmFile) throw new Error("usage: bench-ui.mjs <big.jsonl> <warm-up.jsonl> [presses]");
	const presses = Number(pressesArg ?? 200);
	// Inside the app Ink and React are already warm when the tree opens; do the same here.
	const warmStore = SessionStore.open(warmFile);
	const warm = await firstFrame(warmStore);
	await pressAll(warm.app, [KEYS.up, KEYS.down, KEYS.pageUp, KEYS.pageDown]);
	warm.app.unmount();
	warmStore.close();

	const openStart = performance.now();
	const store = SessionStore.open(file);
	const open = performance.now() - openStart;
	const { app, ms: treeMs } = await firstFrame(store);
	const up = await pressAll(app, Array(presses).fill(KEYS.up));
	const down = await pressAll(app, Array(presses).fill(KEYS.down));
	const page = await pressAll(app, Array.from({ length: presses }, (_, i) => (i % 2 ? KEYS.pageUp : KEYS.pageDown)));
	const filter = await pressAll(app, [...FILTER_KEYS, ...FILTER_KEYS].flatMap((k) => [k, k]));
	app.unmount();
	store.close();
	process.stdout.write(`${JSON.stringify({ open, tree: treeMs, up, down, page, filter, entries: store.snapshot().entries.length })}\n`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		process.exit(1);
	},
);
