/**
 * Prompt templates and skills in the chat (in-process terminal, 80×24): the slash menu lists them
 * with their argument hints, Tab completes them, Enter sends them expanded, and a mistyped
 * `/skill:` stays in the editor as an unknown command instead of going to the model.
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { startSseServer, textReply, toolCallReply } from "../helpers/sse-server.js";
import { sentMessages } from "../helpers/print-run.js";
import { write } from "../helpers/write-file.js";

const fx = useArborRun<ArborTerminal>();


describe("prompt templates and skills in the chat", () => {
	it("are named at start-up, listed and completed in the slash menu, and sent expanded", async () => {
		({ dir: fx.dir } = tempPlace("library"));
		const home = join(fx.dir, "home");
		write(join(home, "prompts", "review.md"), "---\ndescription: Review a file for bugs\nargument-hint: <file>\n---\nReview $1 for bugs, then list them.\n");
		const skill = write(join(fx.dir, ".agents", "skills", "pdf-tools", "SKILL.md"), "---\ndescription: Extract text from PDF files.\n---\nRun ./extract.sh\n");
		fx.server = await startSseServer([textReply("Found two bugs"), textReply("Extracting now")]);
		const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 80, rows: 24 });
		fx.tmux = t;
		await t.waitForScreen((s) => s.includes("1 prompt template, 1 skill"), "start-up names them");

		t.type("/re");
		const menu = await t.waitForScreen((s) => s.includes("/review <file>"), "the template in the menu");
		expect(menu).toMatch(/\/review <file> +Review a file for bugs/);
		expect(menu).toContain("/resume");
		t.type("v"); // /rev: the template alone
		await t.waitForScreen((s) => s.includes("/review <file>") && !s.includes("/resume"), "filtered");
		t.send("Tab");
		await t.waitForScreen((s) => s.includes("› /review \n") || /› \/review\s*$/m.test(s), "completed");
		t.type("src/app.ts");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Found two bugs"), "reply");
		expect(sentMessages(fx.server.requests[0]!.body).at(-1).content).toBe("Review src/app.ts for bugs, then list them.");

		t.type("/skill:pdf-toosl x");
		t.send("Enter");
		const unknown = await t.waitForScreen((s) => s.includes("Unknown command /skill:pdf-toosl"), "a typo is not sent");
		expect(unknown).toContain("› /skill:pdf-toosl x");
		expect(fx.server.requests).toHaveLength(1);
		t.send("C-u");

		t.type("/skill:pd");
		await t.waitForScreen((s) => /\/skill:pdf-tools \[words\] +Extract text from PDF files\./.test(s), "the skill in the menu");
		t.send("Tab"); // completed with a space: the words follow
		t.type("report.pdf");
		await t.waitForScreen((s) => s.includes("› /skill:pdf-tools report.pdf"), "completed and typed");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("Extracting now"), "skill reply");
		expect(sentMessages(fx.server.requests[1]!.body).at(-1).content).toBe(
			`<skill name="pdf-tools" location="${skill}">\nReferences are relative to ${dirname(skill)}.\n\nRun ./extract.sh\n</skill>\n\nreport.pdf`,
		);
		// /session names them as the start-up line did.
		await submitLine(t, "/session");
		await t.waitForScreen((s) => / · id .+ · 1 prompt template, 1 skill/.test(s.replace(/\n {0,2}/g, "")), "/session names them");
		await quit(t);
	}, 60_000);

	it("/reload reads AGENTS.md, templates and skills again: the next turn and the slash menu have them", async () => {
		({ dir: fx.dir } = tempPlace("library"));
		const home = join(fx.dir, "home");
		// The second reply reads the skill's file, whose path is known once it is written below.
		const scripts = [textReply("before"), textReply("never sent"), textReply("read it")];
		fx.server = await startSseServer(scripts);
		const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", fx.server.url], cwd: fx.dir, home, cols: 80, rows: 24 });
		fx.tmux = t;
		await t.waitForScreen((s) => s.includes("tokens · empty"), "status line");
		await submitLine(t, "hello");
		await t.waitForScreen((s) => s.includes("before"), "first reply");
		write(join(fx.dir, "AGENTS.md"), "Answer in haiku.\n");
		write(join(home, "prompts", "fix.md"), "Fix $1 now.\n");
		// A skill in ARBOR_HOME: outside the project, yet the read tool may read it without asking.
		const skill = write(join(home, "skills", "deploy", "SKILL.md"), "---\ndescription: Deploy the site.\n---\nmake deploy\n");
		scripts[1] = toolCallReply([{ id: "r1", name: "read", args: { path: skill } }]);
		await submitLine(t, "/reload");
		await t.waitForScreen((s) => s.includes("Reloaded: instructions: AGENTS.md · 1 prompt template, 1 skill"), "reloaded");
		t.type("/fi");
		await t.waitForScreen((s) => s.includes("/fix [words]"), "the new template in the menu");
		t.send("C-u");
		await submitLine(t, "/fix build");
		await t.waitForScreen((s) => s.includes("read it"), "the turn after the reload");
		const [, second] = fx.server.requests;
		expect(sentMessages(second!.body).at(-1).content).toBe("Fix build now.");
		const system = second!.body.messages[0].content as string;
		expect(system).toContain("Answer in haiku.");
		expect(system).toContain(`<location>${skill}</location>`);
		const result = fx.server.requests[2]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(result.content).toContain("make deploy");
		await quit(t);
	}, 60_000);
});
