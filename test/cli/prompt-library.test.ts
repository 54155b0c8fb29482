import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { entries, model, place, sentMessages, sessionFiles } from "../helpers/print-run.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { write } from "../helpers/write-file.js";

// The projects here are the tests' own: their -p runs pass --trust-project so the .arbor/ acts (docs/trust.md).

const fx = useCliProject();


const systemOf = (body: { messages: { role: string; content: string }[] }) => body.messages.find((m) => m.role === "system")?.content ?? "";
const userText = (body: unknown) => sentMessages(body).at(-1)?.content;

describe("prompt templates and skills in print mode (built CLI, local provider)", () => {
	it("sends /name words as the template's text, /skill:name as the skill's, and lists skills in the system prompt", async () => {
		const server = await fx.serve([textReply("reviewed"), textReply("extracted"), textReply("as typed")]);
		const { cwd, home } = fx;
		write(join(home, "prompts", "review.md"), "---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $1 for $@.\n");
		const skill = write(join(cwd, ".arbor", "skills", "pdf-tools", "SKILL.md"), "---\nname: pdf-tools\ndescription: Extract text from PDF files.\n---\n# PDF\nRun ./extract.sh <file>\n");
		const env = { env: { ARBOR_HOME: home }, cwd };

		const review = await runCli(["-p", "--trust-project", ...model(server.url), "/review src/a.ts"], env);
		expect(review.stderr).toBe("");
		expect(review).toMatchObject({ code: 0, stdout: "reviewed\n" });
		expect(userText(server.requests[0]!.body)).toBe("Review src/a.ts for src/a.ts.");
		expect(systemOf(server.requests[0]!.body)).toContain(`<name>pdf-tools</name>\n    <description>Extract text from PDF files.</description>\n    <location>${skill}</location>`);
		// The session keeps what was sent, as pi stores it.
		const [file] = sessionFiles(home);
		expect(entries(file!).find((e) => e.message?.role === "user").message.content).toBe("Review src/a.ts for src/a.ts.");

		const piped = await runCli(["-p", "--trust-project", ...model(server.url)], { ...env, input: "/skill:pdf-tools extract report.pdf\n" });
		expect(piped).toMatchObject({ code: 0, stdout: "extracted\n" });
		expect(userText(server.requests[1]!.body)).toBe(`<skill name="pdf-tools" location="${skill}">\nReferences are relative to ${dirname(skill)}.\n\n# PDF\nRun ./extract.sh <file>\n</skill>\n\nextract report.pdf`);

		const off = await runCli(["-p", "--trust-project", ...model(server.url), "--no-prompt-templates", "--no-skills", "/review src/a.ts"], env);
		expect(off.code).toBe(0);
		expect(userText(server.requests[2]!.body)).toBe("/review src/a.ts");
		expect(systemOf(server.requests[2]!.body)).not.toContain("available_skills");
	});

	it("settings' paths add pi's folders; a skill without a description is one warning and the answer still comes", async () => {
		const server = await fx.serve([textReply("fine")]);
		const { cwd, home } = fx;
		write(join(cwd, "pi-prompts", "fix.md"), "Fix the tests\n");
		write(join(home, "settings.json"), JSON.stringify({ prompts: ["pi-prompts"], skills: ["pi-skills"] }));
		const broken = write(join(cwd, "pi-skills", "half", "SKILL.md"), "---\nname: half\n---\nno description\n");
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "/fix"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "fine\n" });
		expect(run.stderr).toBe(`arbor: warning: skill ${broken} is not loaded: its front matter has no description\n`);
		expect(userText(server.requests[0]!.body)).toBe("Fix the tests");
	});

	it("the model reads a skill's files where they are (outside the project); other folders stay closed", async () => {
		const { cwd } = fx;
		const home = place().cwd; // an ARBOR_HOME outside the project
		const skill = write(join(home, "skills", "deploy", "SKILL.md"), "---\ndescription: Deploy the site.\n---\nSee steps.md\n");
		write(join(home, "skills", "deploy", "steps.md"), "1. make deploy\n");
		const server = await fx.serve([
			toolCallReply([
				{ id: "c1", name: "read", args: { path: skill } },
				{ id: "c2", name: "read", args: { path: join(dirname(skill), "steps.md") } },
				{ id: "c3", name: "read", args: { path: join(home, "settings.json") } },
			]),
			textReply("deployed"),
		]);
		write(join(home, "settings.json"), "{}");
		const run = await runCli(["-p", "--trust-project", ...model(server.url), "deploy please"], { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stdout: "deployed\n" });
		const results = sentMessages(server.requests[1]!.body).filter((m: { role: string }) => m.role === "tool").map((m: { content: string }) => m.content);
		expect(results[0]).toContain("See steps.md");
		expect(results[1]).toContain("1. make deploy");
		expect(results[2]).toMatch(/settings\.json is outside the working directory/);
	});

	it("--prompt-template and --skill load their paths, also with --no-prompt-templates / --no-skills", async () => {
		const server = await fx.serve([textReply("one")]);
		const { cwd, home } = fx;
		write(join(home, "prompts", "found.md"), "Found in the folder\n");
		write(join(cwd, "mine", "tidy.md"), "Tidy $1\n");
		const skill = write(join(cwd, "mine", "lint", "SKILL.md"), "---\ndescription: Lint it.\n---\nnpm run lint\n");
		write(join(cwd, ".agents", "skills", "other", "SKILL.md"), "---\ndescription: Left out.\n---\n");
		const args = ["-p", "--trust-project", ...model(server.url), "--no-prompt-templates", "--no-skills", "--prompt-template", "mine/tidy.md", "--skill", "mine/lint", "/tidy src"];
		const run = await runCli(args, { cwd, env: { ARBOR_HOME: home } });
		expect(run).toMatchObject({ code: 0, stderr: "" });
		expect(userText(server.requests[0]!.body)).toBe("Tidy src");
		const system = systemOf(server.requests[0]!.body);
		expect(system).toContain(`<location>${skill}</location>`);
		expect(system).not.toContain("Left out.");
	});
});
