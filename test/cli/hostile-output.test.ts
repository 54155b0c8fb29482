import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { HOSTILE, HOSTILE_SHOWN, RAW_CONTROL, writeHostileSession } from "../helpers/hostile.js";
import { useCliProject } from "../helpers/cli-project.js";
import { errorReply, textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

function place() {
	const dir = mkdtempSync(join(tmpdir(), "arbor-hostile-"));
	const home = join(dir, "home");
	return { dir, home, file: writeHostileSession(home) };
}

describe("escape sequences from a session file never reach the terminal", () => {
	it("arbor tree, context and sessions print them sanitized", async () => {
		const { home, file } = place();
		const env = { ARBOR_HOME: home };
		const tree = await runCli(["tree", file, "--filter", "all"], { env });
		const context = await runCli(["context", file], { env });
		const sessions = await runCli(["sessions", "--all"], { env });
		for (const run of [tree, context, sessions]) {
			expect(run.code).toBe(0);
			expect(run.stdout).not.toMatch(RAW_CONTROL);
			expect(run.stdout).not.toContain("PWNED");
		}
		expect(tree.stdout).toContain(`[lab ${HOSTILE_SHOWN}] user: user ${HOSTILE_SHOWN}`);
		expect(tree.stdout).toContain(`[name: name ${HOSTILE_SHOWN}]`);
		expect(context.stdout).toContain(`assistant: reply ${HOSTILE_SHOWN}`);
		expect(sessions.stdout).toContain(`name ${HOSTILE_SHOWN}`);
	});

	it("arbor search prints hits sanitized", async () => {
		const { home } = place();
		const run = await runCli(["search", "--all", "osc52"], { env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("osc52");
		// (snippets are flattened by the search module, which already turns ESC into a space)
		expect(run.stdout).not.toMatch(RAW_CONTROL);
	});

	it("--json keeps the exact text (the byte-exact route)", async () => {
		const { home, file } = place();
		const env = { ARBOR_HOME: home };
		const context = JSON.parse((await runCli(["context", file, "--json"], { env })).stdout);
		expect(context.messages[1].content[0].text).toBe(`reply ${HOSTILE}`);
		const tree = JSON.parse((await runCli(["tree", file, "--json"], { env })).stdout);
		expect(tree.roots[0].label).toBe(`lab ${HOSTILE}`);
		const sessions = JSON.parse((await runCli(["sessions", "--all", "--json"], { env })).stdout);
		expect(sessions[0].name).toBe(`name ${HOSTILE}`);
	});
});

describe("colour in arbor tree", () => {
	it("FORCE_COLOR colours piped output; NO_COLOR (or nothing, when piped) leaves it plain", async () => {
		const { home, file } = place();
		const sgr = /\u001b\[\d+m/;
		const forced = await runCli(["tree", file], { env: { ARBOR_HOME: home, NO_COLOR: undefined, FORCE_COLOR: "1" } });
		expect(forced.stdout).toMatch(sgr);
		expect(forced.stdout).not.toContain("PWNED");
		const plain = await runCli(["tree", file], { env: { ARBOR_HOME: home, NO_COLOR: undefined, FORCE_COLOR: undefined } });
		expect(plain.stdout).not.toMatch(sgr);
		const off = await runCli(["tree", file], { env: { ARBOR_HOME: home, NO_COLOR: "1", FORCE_COLOR: undefined } });
		expect(off.stdout).not.toMatch(sgr);
	});
});

describe("escape sequences in a model reply (print mode)", () => {
	// Split inside every sequence: the sanitizer must hold partial sequences between deltas.
	const deltas = HOSTILE.match(/[\s\S]{1,3}/g)!;

	it("text output is sanitized even when sequences are split across deltas", async () => {
		const server = await fx.serve([textReply(deltas)]);
		const { dir, home } = place();
		const run = await runCli(["-p", "--model", "compat:test-model", "--base-url", server.url, "hi"], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(`${HOSTILE_SHOWN}\n`);
	});

	it("json and stream-json keep the reply byte-exact", async () => {
		const server = await fx.serve(() => textReply(deltas));
		const { dir, home } = place();
		const args = ["-p", "--model", "compat:test-model", "--base-url", server.url];
		const json = await runCli([...args, "--output-format", "json", "hi"], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(JSON.parse(json.stdout).text).toBe(HOSTILE);
		const stream = await runCli([...args, "--output-format", "stream-json", "hi"], { cwd: dir, env: { ARBOR_HOME: home } });
		const lines = stream.stdout.trim().split("\n").map((l) => JSON.parse(l));
		expect(lines.filter((l) => l.type === "text_delta").map((l) => l.delta).join("")).toBe(HOSTILE);
		expect(lines.at(-1).text).toBe(HOSTILE);
	});

	it("a provider error message is sanitized on stderr", async () => {
		const server = await fx.serve(() => errorReply(400, `bad ${HOSTILE}`));
		const { dir, home } = place();
		const run = await runCli(["-p", "--model", "compat:test-model", "--base-url", server.url, "hi"], {
			cwd: dir, env: { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" },
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("bad t clear");
		expect(run.stderr).not.toMatch(RAW_CONTROL);
	});
});
