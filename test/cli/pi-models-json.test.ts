import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolvedKeyValues, resolveHeaders, runCommandValue } from "../../source/llm/config-value.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

function writeModels(home: string, providers: object): void {
	mkdirSync(home, { recursive: true });
	writeFileSync(join(home, "models.json"), JSON.stringify({ providers }, null, 2));
}

describe("a pi models.json copied unchanged, through the built CLI and a local server", () => {
	it("!command key, headers (variable, $NAME, !command), a model's own baseUrl and compat; a provider of another api is one warning", async () => {
		const server = await fx.serve([textReply("hi")]);
		const { cwd, home } = fx;
		const runs = join(cwd, "key-runs");
		writeModels(home, {
			google: { api: "google-generative-ai", baseUrl: "https://generativelanguage.example", apiKey: "GEMINI_API_KEY", models: [{ id: "gemini-x" }] },
			vault: {
				baseUrl: "http://127.0.0.1:1/v1",
				api: "openai-completions",
				apiKey: `!echo run >> ${runs}; printf 'sk-from-vault-1234\\n'`,
				headers: { "x-team": "TEAM_ID", "x-org": "org-$ORG_NAME", "x-cmd": "!printf from-cmd" },
				compat: { maxTokensField: "max_tokens" },
				models: [{ id: "m1", baseUrl: server.url, reasoning: true, maxTokens: 777, compat: { supportsDeveloperRole: true } }],
			},
		});
		const run = await fx.cli(["-p", "-m", "vault:m1", "hello"], { env: { TEAM_ID: "team-7", ORG_NAME: "acme" } });
		expect(run.stdout).toBe("hi\n");
		expect(run.stderr).toBe(`arbor: warning: ${join(home, "models.json")}:4: providers.google.api "google-generative-ai" is not an API arbor speaks (openai-completions, openai-responses, anthropic-messages); skipped\n`);
		expect(run.code).toBe(0);
		const [request] = server.requests;
		expect(request?.headers.authorization).toBe("Bearer sk-from-vault-1234");
		expect([request?.headers["x-team"], request?.headers["x-org"], request?.headers["x-cmd"]]).toEqual(["team-7", "org-acme", "from-cmd"]);
		expect(request?.body.messages[0].role).toBe("developer");
		expect(readFileSync(runs, "utf8")).toBe("run\n");
	});

	it("a failing key command: one line naming the provider, exit 1, nothing sent, never the command as the key", async () => {
		const server = await fx.serve([textReply("hi")]);
		const { home } = fx;
		writeModels(home, { vault: { baseUrl: server.url, api: "openai-completions", apiKey: "!echo half-secret; echo 'vault is locked' >&2; exit 4", models: [{ id: "m1" }] } });
		const run = await fx.cli(["-p", "-m", "vault:m1", "hello"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toBe("arbor: models.json: the apiKey of provider \"vault\": the command `echo half-secret; echo 'vault is locked' >&2; exit 4` exited with 4 (vault is locked)\n");
		expect(server.requests).toHaveLength(0);
	});

	it("modelOverrides change a declared model (its prices here): the reply's cost follows them", async () => {
		const server = await fx.serve([textReply("hi", { usage: { prompt: 1_000, completion: 0 } })]);
		const { home } = fx;
		writeModels(home, { local: { baseUrl: server.url, api: "openai-completions", apiKey: "k-local", models: [{ id: "m1", cost: { input: 1, output: 1 } }], modelOverrides: { m1: { cost: { input: 5 } } } } });
		const run = await fx.cli(["-p", "-m", "local:m1", "--output-format", "json", "hello"]);
		expect(run.code).toBe(0);
		expect(JSON.parse(run.stdout).usage.cost.input).toBeCloseTo(0.005, 10);
	});
});

describe("models.json values that run a command (in-process)", () => {
	it("!command: its output trimmed, run once per process; a failure names what and the command, never the output", async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-cmd-"));
		const counter = join(dir, "runs");
		const command = `!echo x >> ${counter}; printf '  sk-from-cmd-1234\\n'`;
		expect(await runCommandValue(command, "the apiKey of provider \"v\"")).toBe("sk-from-cmd-1234");
		expect(await runCommandValue(command, "the apiKey of provider \"v\"")).toBe("sk-from-cmd-1234");
		expect(readFileSync(counter, "utf8")).toBe("x\n");
		expect(resolvedKeyValues()).toContain("sk-from-cmd-1234");
		await expect(runCommandValue("!echo partial-secret; echo 'not signed in' >&2; exit 3", "the apiKey of provider \"vault\"")).rejects.toThrow(
			"models.json: the apiKey of provider \"vault\": the command `echo partial-secret; echo 'not signed in' >&2; exit 3` exited with 3 (not signed in)",
		);
		await expect(runCommandValue("!true", "the apiKey of provider \"e\"")).rejects.toThrow("the command `true` printed nothing");
	});

	it("headers: each value resolved; one that resolves to nothing is left out", async () => {
		expect(await resolveHeaders({ a: "TEAM", b: "$NOPE", c: "!printf hdr", d: "plain text" }, { TEAM: "t1" }, "p")).toEqual({ a: "t1", c: "hdr", d: "plain text" });
	});
});
