import { rmSync } from "node:fs";
import { afterEach, beforeEach } from "vitest";
import { fixtureCopy, runCli, type CliRun } from "./cli.js";
import { model, place } from "./print-run.js";
import { startSseServer, type SseServer } from "./sse-server.js";

type RunOptions = Omit<NonNullable<Parameters<typeof runCli>[1]>, "env"> & { env?: Record<string, string | undefined> };

/** A project folder and its home, as {@link place} or `tempProject()` make them; `done` removes them. */
export type CliPlace = { cwd: string; home: string; done?: () => void };

/**
 * The preamble of the tests that run the built CLI against the local model server, once: before each
 * test a fresh project folder and an empty `ARBOR_HOME` (`fx.cwd`, `fx.home`); `fx.serve(replies)`
 * starts the test's model server (`fx.server`); `fx.cli(args)` runs the CLI in the project with that
 * home, `fx.print(args)` runs `arbor -p` pointed at the server. After each test the server is closed
 * and the folders removed (`fx.fresh()` makes another for a loop's next round). `env` is added to every run's environment; `make` makes the place.
 */
export function useCliProject(options: { env?: Record<string, string | undefined>; make?: () => CliPlace } = {}) {
	const earlier: CliPlace[] = [];
	const fx = {
		at: undefined as unknown as CliPlace,
		get cwd(): string {
			return fx.at.cwd;
		},
		get home(): string {
			return fx.at.home;
		},
		server: undefined as SseServer | undefined,
		/** Starts the model server for this test, replying with `script` (the test's previous one closed). */
		serve: async (script: Parameters<typeof startSseServer>[0]): Promise<SseServer> => {
			await fx.server?.close();
			fx.server = await startSseServer(script);
			return fx.server;
		},
		/** A fresh project folder and home for the rest of this test (a loop's next round), removed after it with the first. */
		fresh: (): CliPlace => {
			earlier.push(fx.at);
			fx.at = options.make?.() ?? placeRemovable();
			return fx.at;
		},
		cli: (args: string[], opts: RunOptions = {}): Promise<CliRun> =>
			runCli(args, { cwd: fx.cwd, ...opts, env: { ARBOR_HOME: fx.home, ...options.env, ...opts.env } }),
		print: (args: string[], opts: RunOptions = {}): Promise<CliRun> => {
			if (!fx.server) throw new Error("fx.print needs fx.serve(...) first");
			return fx.cli(["-p", ...model(fx.server.url), ...args], opts);
		},
	};
	beforeEach(() => {
		fx.at = options.make?.() ?? placeRemovable();
	});
	afterEach(async () => {
		await fx.server?.close();
		fx.server = undefined;
		for (const at of [...earlier.splice(0), fx.at]) at.done?.();
	});
	return fx;
}

function placeRemovable(): CliPlace {
	const at = place();
	return { ...at, done: () => rmSync(at.cwd, { recursive: true, force: true }) };
}

/** A `make` for {@link useCliProject}: a project folder holding a copy of the fixture `name` (at `join(fx.cwd, name)`), its home inside. */
export function fixtureProject(name: string): () => CliPlace {
	return () => {
		const { dir, home } = fixtureCopy(name);
		return { cwd: dir, home, done: () => rmSync(dir, { recursive: true, force: true }) };
	};
}
