import { afterEach, beforeEach } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries } from "../helpers/print-run.js";
import type { SseServer } from "../helpers/sse-server.js";
import { tempProject } from "./helpers.js";

/**
 * The fixture of the tests that run the built CLI on a project with checkpoints: a temp project and
 * home (`fx.at`, a fresh one per test), the test's local model server (`fx.server`, closed after the
 * test) and `fx.cli(args)`, the CLI in that project.
 */
export function useProjectCli() {
	const fx = {
		at: undefined as unknown as ReturnType<typeof tempProject>,
		server: undefined as SseServer | undefined,
		cli: (args: string[]) => runCli(args, { cwd: fx.at.cwd, env: { ARBOR_HOME: fx.at.home } }),
	};
	beforeEach(() => {
		fx.at = tempProject();
	});
	afterEach(async () => {
		await fx.server?.close();
		fx.server = undefined;
		fx.at.done();
	});
	return fx;
}

/** The session file's checkpoint entries. */
export const checkpointEntries = (file: string) => entries(file).filter((e) => e.type === "custom" && e.customType === "arbor.checkpoint");
