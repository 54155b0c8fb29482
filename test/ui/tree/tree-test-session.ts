import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { render } from "ink-testing-library";
import { act, createElement, type ReactElement } from "react";
import { KeyInputProvider } from "../../../source/ui/input/use-keys.js";
import { SessionStore } from "../../../source/session/store.js";
import type { SessionEntry } from "../../../source/session/types.js";
export { specExampleEntries } from "../../tree/fake-view.js";
import { waitFor } from "../../helpers/wait-for.js";

/** Writes entries to a real session file in a temp dir and opens it for writing. */
export function storeWith(entries: SessionEntry[], leafId: string): { store: SessionStore; dir: string; cleanup: () => void } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-tree-ui-"));
	const file = path.join(dir, "s.jsonl");
	const header = { type: "session", version: 3, id: "sess-1", timestamp: "2026-01-01T00:00:00.000Z", cwd: dir };
	const lines = [header, ...entries].map((x) => JSON.stringify(x));
	fs.writeFileSync(file, `${lines.join("\n")}\n`);
	const store = SessionStore.open(file, { write: true });
	if (store.snapshot().leafId !== leafId) store.moveLeaf(leafId);
	return {
		store,
		dir,
		cleanup: () => {
			store.close();
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** Renders inside act() and returns helpers that press keys inside act(). */
export function mount(element: ReactElement) {
	let app!: ReturnType<typeof render>;
	act(() => {
		// Components listen through the input layer, as they do under the App.
		app = render(createElement(KeyInputProvider, null, element));
	});
	const frame = () => app.lastFrame() ?? "";
	return {
		app,
		frame,
		unmount: () => act(() => app.unmount()),
		/**
		 * Waits until `predicate` holds. Each poll spends its interval inside act(), so async updates
		 * (a summary finishing, the spinner ticking) are applied the way React expects in tests.
		 */
		settle: (predicate: () => boolean, what = "condition") => settle(predicate, what, frame),
		/** Waits until the frame contains `text`; the error shows the last frame. */
		until: (text: string) => settle(() => frame().includes(text), text, frame),
		press: async (data: string) => {
			await act(async () => {
				app.stdin.write(data);
				// A lone Esc is flushed by Ink on the next check phase; let that happen inside act().
				await new Promise((resolve) => setImmediate(resolve));
			});
		},
	};
}

async function settle(predicate: () => boolean, what: string, frame: () => string): Promise<void> {
	const tick = async () => {
		await act(async () => {
			await new Promise((resolve) => setTimeout(resolve, 10));
		});
		return predicate();
	};
	await waitFor(tick, { timeoutMs: 5000, intervalMs: 0, what, screen: frame });
}

export const KEYS = {
	up: "\u001B[A",
	down: "\u001B[B",
	left: "\u001B[D",
	right: "\u001B[C",
	ctrlLeft: "\u001B[1;5D",
	ctrlRight: "\u001B[1;5C",
	home: "\u001B[H",
	end: "\u001B[F",
	pageUp: "\u001B[5~",
	pageDown: "\u001B[6~",
	enter: "\r",
	esc: "\u001B",
	backspace: "\u007F",
	ctrlU: "\u0015",
	ctrlO: "\u000F",
	ctrlT: "\u0014",
	ctrlL: "\u000C",
	ctrlJ: "\n",
	ctrlC: "\u0003",
};
