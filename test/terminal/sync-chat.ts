/**
 * A chat on one side of a sync world (test/sync/world.ts: two homes and clones against a bare
 * remote), in the virtual terminal, with its model server; all torn down after each test.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach } from "vitest";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, type Script } from "../helpers/sse-server.js";
import { makeWorld, type Side, type World } from "../sync/world.js";

export type SyncChat = {
	/** A new world for this test. */
	world(): World;
	/** The chat on `side`, answering with `replies`; `args` after the model's (e.g. `-s <id>`). */
	chat(side: Side, replies: Script[], args?: string[]): Promise<ArborTerminal>;
	/** Ends the chat before the test does (its session is free again). */
	close(): Promise<void>;
};

export function useSyncChat(): SyncChat {
	let w: World | undefined;
	let t: ArborTerminal | undefined;
	let close: (() => Promise<void>) | undefined;
	afterEach(async () => {
		await t?.kill();
		await close?.();
		w?.done();
		[w, t, close] = [undefined, undefined, undefined];
	});
	return {
		world: () => (w = makeWorld()),
		async chat(side, replies, args = []) {
			const server = await startSseServer(replies);
			close = () => server.close();
			t = startArbor({ args: ["--model", "compat:test", "--base-url", server.url, ...args], cwd: side.cwd, home: side.home, env: { USER: side.user } });
			return t;
		},
		async close() {
			await t?.kill();
			t = undefined;
		},
	};
}

/** `"sync": {"auto": true}` in the side's user settings. */
export function autoSyncOn(s: Side): void {
	fs.mkdirSync(s.home, { recursive: true });
	fs.writeFileSync(path.join(s.home, "settings.json"), JSON.stringify({ sync: { auto: true } }));
}
