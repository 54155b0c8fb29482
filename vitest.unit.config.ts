import { availableParallelism } from "node:os";
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";
import { NO_SUBPROCESS, PROCESS_FILES, TERMINAL_FILES, TEST_FILES } from "./vitest.sets.js";

/**
 * `npm run test:unit`: the edit-test loop — the unit files of `npm test` alone (vitest.sets.ts): no
 * subprocess, no tmux, no browser, no build (the projects and the globalSetup that builds dist/ are left out),
 * and the large generated-session cases skipped (test/helpers/large.ts).
 */
const { projects: _projects, globalSetup: _build, ...baseTest } = base.test ?? {};

export default mergeConfig(
	{ ...base, test: baseTest },
	defineConfig({
		test: {
			include: TEST_FILES,
			exclude: [...configDefaults.exclude, ...PROCESS_FILES, ...TERMINAL_FILES],
			setupFiles: [NO_SUBPROCESS],
			isolate: false,
			// In-process work only: a worker per core (npm test adds one for files that wait on children).
			maxWorkers: Math.max(2, availableParallelism()),
			env: { ARBOR_TEST_UNIT: "1" },
			globalSetup: ["test/helpers/temp-root.ts"],
		},
	}),
);
