import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { errorReply, textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";

const fx = useCliProject();

/** A key models.json names by a variable no pattern would guess, and one it holds literally. */
const VAR_KEY = "zq-custom-variable-secret-7781";
const LITERAL_KEY = "zq-literal-models-json-secret-4410";

/** `$ARBOR_HOME/models.json` with a provider keyed by MY_SERVICE_TOKEN (the run's) and one with a literal key. */
export function writeModels(home: string, url: string): void {
	const models = [{ id: "test-model" }];
	write(
		join(home, "models.json"),
		JSON.stringify({ providers: { mine: { baseUrl: url, api: "openai-completions", apiKey: "MY_SERVICE_TOKEN", models }, lit: { baseUrl: url, api: "openai-completions", apiKey: LITERAL_KEY, models } } }),
	);
}

const EXTENSION = `export default function (arbor: any) {
	arbor.registerTool({ name: "showenv", description: "Prints the environment", execute: async () => (await arbor.exec("env", [])).stdout });
}
`;

describe("keys models.json configures stay with arbor", () => {
	it("-p: bash, an extension's exec and their results never carry a configured key (by any variable or literal)", async () => {
		const { cwd, home } = fx;
		writeModels(home, "");
		writeFileSync(join(cwd, "keys.txt"), `a=${VAR_KEY}\nb=${LITERAL_KEY}\n`);
		const extension = write(join(cwd, "ext", "showenv.ts"), EXTENSION);
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "bash", args: { command: "env | sort; cat keys.txt" } },
				{ id: "c2", name: "showenv", args: {} },
			]),
			textReply("Done."),
		]);
		writeModels(home, server.url);
		const env = { ARBOR_HOME: home, MY_SERVICE_TOKEN: VAR_KEY, VISIBLE_SETTING: "still-here" };
		const run = await runCli(["-p", "--model", "mine:test-model", "--extension", extension, "--tools", "read,bash", "--output-format", "json", "show me"], { cwd, env });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const sent = JSON.stringify(server.requests[1]!.body.messages);
		const stored = readFileSync(sessionFiles(home)[0]!, "utf8");
		for (const text of [sent, stored, run.stdout]) {
			expect(text).not.toContain(VAR_KEY);
			expect(text).not.toContain(LITERAL_KEY);
		}
		for (const text of [sent, stored]) {
			expect(text).toContain("VISIBLE_SETTING=still-here");
			// Stripped from both children's environments, not only redacted.
			expect(text).not.toContain("MY_SERVICE_TOKEN=");
			expect(text).toContain("a=[redacted]\\nb=[redacted]");
		}
	});

	it("-p: a provider error that echoes the key is redacted in the session, on stderr and in --output-format json", async () => {
		const { cwd, home } = fx;
		const server = await fx.serve([errorReply(401, `invalid key ${VAR_KEY} (and ${LITERAL_KEY})`)]);
		writeModels(home, server.url);
		const env = { ARBOR_HOME: home, MY_SERVICE_TOKEN: VAR_KEY, ARBOR_MAX_RETRIES: "0" };
		const run = await runCli(["-p", "--model", "mine:test-model", "--output-format", "json", "hello"], { cwd, env });
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain("invalid key [redacted] (and [redacted])");
		expect(run.stdout).toContain("invalid key [redacted] (and [redacted])");
		const stored = readFileSync(sessionFiles(home)[0]!, "utf8");
		expect(stored).toContain("invalid key [redacted]");
		for (const text of [run.stdout, run.stderr, stored]) {
			expect(text).not.toContain(VAR_KEY);
			expect(text).not.toContain(LITERAL_KEY);
		}
	});

	it("export: a key in a session written before (by variable or literal) is redacted in the page", async () => {
		const { dir, file, home } = fixtureCopy("pi-tree-session.jsonl");
		const text = readFileSync(file, "utf8");
		writeFileSync(file, text.replace('"text":"bash reducer reducer model error"', `"text":"bash ${VAR_KEY} and ${LITERAL_KEY}"`));
		writeModels(home, "http://127.0.0.1:9/v1");
		const run = await runCli(["export", file, "page.html"], { cwd: dir, env: { ARBOR_HOME: home, MY_SERVICE_TOKEN: VAR_KEY } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		const html = readFileSync(join(dir, "page.html"), "utf8");
		expect(html).toContain("bash [redacted] and [redacted]");
		expect(html).not.toContain(VAR_KEY);
		expect(html).not.toContain(LITERAL_KEY);
	});

	it("-p: a reply that repeats a key is redacted in --output-format json and stream-json, and in the session", async () => {
		const { cwd, home } = fx;
		const server = await fx.serve(() => textReply(`You typed ${LITERAL_KEY}.`));
		writeModels(home, server.url);
		for (const format of ["json", "stream-json"]) {
			const run = await runCli(["-p", "--model", "mine:test-model", "--output-format", format, "hello"], { cwd, env: { ARBOR_HOME: home } });
			expect([run.code, run.stderr]).toEqual([0, ""]);
			expect(run.stdout).toContain("You typed [redacted].");
			expect(run.stdout).not.toContain(LITERAL_KEY);
		}
		for (const file of sessionFiles(home)) expect(readFileSync(file, "utf8")).not.toContain(LITERAL_KEY);
	});

	it("-p: a key split across streamed deltas is redacted in the text output; a reply that ends like a key's start is printed whole", async () => {
		const { cwd, home } = fx;
		const half = LITERAL_KEY.length / 2;
		const server = await fx.serve([textReply(["You typed ", LITERAL_KEY.slice(0, half), LITERAL_KEY.slice(half), ". Bye ", LITERAL_KEY.slice(0, 5)])]);
		writeModels(home, server.url);
		const run = await runCli(["-p", "--model", "mine:test-model", "hello"], { cwd, env: { ARBOR_HOME: home } });
		expect([run.code, run.stderr, run.stdout]).toEqual([0, "", `You typed [redacted]. Bye ${LITERAL_KEY.slice(0, 5)}\n`]);
	});
});
