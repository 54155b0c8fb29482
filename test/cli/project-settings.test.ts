import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { place, sentMessages } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();


const userText = (body: unknown): string => {
	const messages = sentMessages(body).filter((m: { role: string }) => m.role === "user");
	const content = messages.at(-1)?.content;
	return typeof content === "string" ? content : content.map((p: { text?: string }) => p.text ?? "").join("");
};

describe("project settings: <cwd>/.arbor/settings.json over $ARBOR_HOME/settings.json (pi's .pi/settings.json)", () => {
	it("a value the project gives wins over the user's; -p --verbose names the file", async () => {
		const server = await fx.serve([textReply("from the project's model"), textReply("from the user's model")]);
		const { cwd, home } = fx;
		write(join(home, "settings.json"), JSON.stringify({ model: "compat:user-model", baseUrl: server.url }));
		write(join(cwd, ".arbor", "settings.json"), JSON.stringify({ model: "compat:project-model" }));
		const run = await fx.cli(["-p", "--trust-project", "--verbose", "hi"]);
		expect(run).toMatchObject({ code: 0, stdout: "from the project's model\n" });
		expect(run.stderr).toContain("arbor: settings from .arbor/settings.json too\n");
		expect(server.requests[0]!.body.model).toBe("project-model");
		// Without the project's file the user's value holds.
		const elsewhere = place().cwd;
		const plain = await runCli(["-p", "--trust-project", "--verbose", "hi"], { cwd: elsewhere, env: { ARBOR_HOME: home } });
		expect(plain).toMatchObject({ code: 0, stdout: "from the user's model\n" });
		expect(plain.stderr).not.toContain("settings from");
		expect(server.requests[1]!.body.model).toBe("user-model");
	});

	it("lists of things to add are the user's and then the project's; the project's extensions are relative to its .arbor folder", async () => {
		const server = await fx.serve([textReply("one"), textReply("two")]);
		const { cwd, home } = fx;
		write(join(cwd, "mine", "fix.md"), "Fix the tests\n");
		write(join(cwd, "team", "ship.md"), "Ship it\n");
		const marker = join(cwd, "extension-loaded");
		write(join(cwd, ".arbor", "ext", "mark.mjs"), `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "yes");\nexport default function () {}\n`);
		write(join(home, "settings.json"), JSON.stringify({ prompts: ["mine"] }));
		write(join(cwd, ".arbor", "settings.json"), JSON.stringify({ prompts: ["team"], extensions: ["ext/mark.mjs"] }));
		const env = { cwd, env: { ARBOR_HOME: home } };
		const flags = ["--model", "compat:test-model", "--base-url", server.url];
		expect(await runCli(["-p", "--trust-project", ...flags, "/fix"], env)).toMatchObject({ code: 0, stdout: "one\n" });
		expect(await runCli(["-p", "--trust-project", ...flags, "/ship"], env)).toMatchObject({ code: 0, stdout: "two\n" });
		expect(userText(server.requests[0]!.body)).toBe("Fix the tests");
		expect(userText(server.requests[1]!.body)).toBe("Ship it");
		expect(existsSync(marker)).toBe(true);
	});

	it("a broken project file is exit 2 naming it, before anything is sent", async () => {
		const server = await fx.serve([textReply("never")]);
		const { cwd, home } = fx;
		const file = write(join(cwd, ".arbor", "settings.json"), "{ nope");
		const flags = ["-p", "--trust-project", "--model", "compat:test-model", "--base-url", server.url, "hi"];
		const broken = await runCli(flags, { cwd, env: { ARBOR_HOME: home } });
		expect(broken.code).toBe(2);
		expect(broken.stderr).toContain(`${file}: invalid JSON`);
		write(file, JSON.stringify({ tools: "bash" }));
		const wrong = await runCli(flags, { cwd, env: { ARBOR_HOME: home } });
		expect(wrong.code).toBe(2);
		expect(wrong.stderr).toContain(`${file}: "tools" must be a list of strings`);
		expect(server.requests).toHaveLength(0);
	});
});
