import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
		testTimeout: 60000,
		hookTimeout: 60000,
		pool: "forks",
		// vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Most
		// files wait on a child process (the CLI, tmux, chromium), so a worker per core overlaps them.
		maxWorkers: Math.max(2, availableParallelism()),
		// A failed screen assertion prints the whole screen, not the first 40 characters.
		chaiConfig: { truncateThreshold: 0 },
		// The CLI, tmux and export tests run dist/cli.js: built once here when missing or stale.
		globalSetup: ["test/helpers/build-once.ts"],
		// Ink renders only the last frame when it sees CI=true; component tests need live frames.
		env: { CI: "false", CONTINUOUS_INTEGRATION: "false" },
	},
});
