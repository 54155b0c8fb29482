import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { NO_SUBPROCESS, PROCESS_FILES, PROCESS_TESTS, TERMINAL_FILES, TERMINAL_TESTS, TEST_FILES } from "./vitest.sets.js";

export default defineConfig({
	test: {
		testTimeout: 60000,
		hookTimeout: 60000,
		pool: "forks",
		// vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Many
		// files wait on a child process (the CLI, tmux, chromium) or a timer, so one worker more than
		// the cores keeps both busy (on 2 cores: 124 s against 135 s with two workers).
		maxWorkers: Math.max(2, availableParallelism()) + 1,
		// A failed screen assertion prints the whole screen, not the first 40 characters.
		chaiConfig: { truncateThreshold: 0 },
		// The CLI, tmux and export tests (and two screen files) run dist/cli.js: built once, before
		// any file runs, when missing or stale.
		// Temp folders of the whole run live under one folder, removed at the end (test/helpers/temp-root.ts).
		// Workers and their children start without NODE_EXTRA_CA_CERTS (test/helpers/child-env.ts).
		globalSetup: ["test/helpers/temp-root.ts", "test/helpers/child-env.ts", "test/helpers/build-once.ts"],
		// Ink renders only the last frame when it sees CI=true; component tests need live frames.
		env: { CI: "false", CONTINUOUS_INTEGRATION: "false" },
		experimental: { fsModuleCache: true },
		projects: [
			{
				extends: true,
				test: {
					name: "unit",
					include: TEST_FILES,
					exclude: [...configDefaults.exclude, ...PROCESS_FILES, ...TERMINAL_FILES],
					setupFiles: [NO_SUBPROCESS],
					// One module graph per worker instead of per file: a third of the time. The unit
					// files change no cwd, environment or module mocks (vitest.sets.ts).
					isolate: false,
				},
			},
			{
				extends: true,
				// The whole app in a virtual terminal runs React's production build, as the bundled CLI
				// does (scripts/build.mjs defines NODE_ENV): the development build's checks and JSX
				// source records cost ~15% of this project's CPU. The component tests (project unit) keep
				// the development build and its warnings. The plugin's name keeps these transforms apart
				// in vitest's module cache (its key holds the plugin names, not the JSX options).
				plugins: [{ name: "arbor-production-jsx", config: () => ({ oxc: { jsx: { development: false } } }) }],
				test: { name: "terminal", include: TERMINAL_TESTS, isolate: false, env: { NODE_ENV: "production" } },
			},
			// Each file cleans up what it started (servers, children, temp folders, environment): the files
			// share one module graph per worker here too, which saves starting a worker per file.
			{ extends: true, test: { name: "process", include: PROCESS_TESTS, isolate: false } },
		],
	},
});
