import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import unit from "../../vitest.unit.config.js";

describe("npm run test:unit (vitest.unit.config.ts)", () => {
	it("leaves out the CLI, tmux and browser folders and installs the no-subprocess guard", () => {
		expect(unit.test?.exclude).toEqual(expect.arrayContaining(["test/cli/**", "test/e2e/**", "test/terminal/**", "**/tmux-*.test.ts", "**/*-cli.test.ts"]));
		expect(unit.test?.setupFiles).toEqual(["test/helpers/no-subprocess.ts"]);
		// No build of dist/: the one global setup is the run's temp folder.
		expect(unit.test?.globalSetup).toEqual(["test/helpers/temp-root.ts"]);
		expect(unit.test?.exclude).toContain("test/extensions/bundle.test.ts");
	});

	it.runIf(process.env.ARBOR_TEST_UNIT === "1")("a unit file that starts a process fails", () => {
		expect(() => spawnSync("true")).toThrow(/test:unit starts no subprocess, but child_process\.spawnSync was called/);
	});
});
