import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { expandInput, libraryLine, loadPromptLibrary } from "../../source/config/prompt-library.js";
import { fillTemplate, templateArgs } from "../../source/config/prompt-templates.js";
import { buildSystemPrompt } from "../../source/llm/prompts.js";
import { REPO_ROOT } from "../helpers/shared.js";
import { trustProject } from "../../source/config/trust.js";

/** A project folder (a git work tree) and an ARBOR_HOME, empty. */
function place(): { cwd: string; home: string; root: string } {
	const root = mkdtempSync(join(tmpdir(), "arbor-library-"));
	const cwd = join(root, "proj");
	const home = join(root, "home");
	mkdirSync(join(cwd, ".git"), { recursive: true });
	mkdirSync(home);
	return { cwd, home, root };
}

function write(path: string, text: string): string {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
	return path;
}

/** pi's own functions (a dev dependency), loaded from its files: its package exports only its index. */
async function piTemplates(): Promise<{ parseCommandArgs(s: string): string[]; substituteArgs(c: string, a: string[]): string }> {
	return import(pathToFileURL(join(REPO_ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/core/prompt-templates.js")).href);
}

describe("prompt templates", () => {
	it("are the .md files of $ARBOR_HOME/prompts, .arbor/prompts and the settings' paths; the first of a name wins", async () => {
		const { cwd, home, root } = place();
		write(join(home, "prompts", "review.md"), "---\ndescription: Review staged changes\nargument-hint: \"<focus>\"\n---\nReview `git diff --cached`, focus on $1.\n");
		write(join(cwd, ".arbor", "prompts", "review.md"), "Project review\n");
		write(join(cwd, ".arbor", "prompts", "fix.md"), "\n\nFix the failing tests in this package, one at a time, and run them again after every change you make\n");
		write(join(cwd, ".arbor", "prompts", "sub", "deep.md"), "not found: discovery is not recursive\n");
		write(join(cwd, ".arbor", "prompts", "notes.txt"), "not a template\n");
		const extra = write(join(root, "pi", "prompts", "pi-one.md"), "From pi's folder\n");
		expect((await loadPromptLibrary({ cwd, home }, {})).templates.map((t) => t.name)).toEqual(["review"]); // untrusted: home's only (docs/trust.md)
		trustProject({ cwd, home });
		const library = await loadPromptLibrary({ cwd, home }, { prompts: [dirname(extra), "missing-folder"] });
		expect(library.templates.map((t) => [t.name, t.description, t.argumentHint])).toEqual([
			["review", "Review staged changes", "<focus>"],
			["fix", "Fix the failing tests in this package, one at a time, and ru…", undefined],
			["pi-one", "From pi's folder", undefined],
		]);
		expect(library.warnings).toEqual([
			`the prompt template path missing-folder (settings: prompts) does not exist`,
			`the prompt template ${join(cwd, ".arbor", "prompts", "review.md")} is not used: /review is ${join(home, "prompts", "review.md")}`,
		]);
		expect(expandInput("/review error handling", library)).toBe("Review `git diff --cached`, focus on error.");
		expect(expandInput('/review "error handling"', library)).toBe("Review `git diff --cached`, focus on error handling.");
		// Words on the next line (Shift+Enter) are words too.
		expect(expandInput("/review\nerror handling", library)).toBe("Review `git diff --cached`, focus on error.");
		expect(expandInput("/reviewer x", library)).toBeUndefined();
		expect(expandInput("review", library)).toBeUndefined();
		expect(await loadPromptLibrary({ cwd, home }, {}, { promptTemplates: false })).toMatchObject({ templates: [] });
	});

	it("front matter that is not YAML is a warning; the file is still a template, its text after the front matter", async () => {
		const { cwd, home } = place();
		const path = write(join(home, "prompts", "odd.md"), "---\ndescription: [unclosed\n---\nBody text\n");
		const library = await loadPromptLibrary({ cwd, home }, {});
		expect(library.templates).toEqual([]);
		expect(library.warnings).toHaveLength(1);
		expect(library.warnings[0]).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: front matter is not valid YAML: `));
	});

	it("fill in their words as pi does ($1, $@, $ARGUMENTS, ${@:N}, ${@:N:L}, quotes)", async () => {
		const pi = await piTemplates();
		const content = "A=$1 B=$2 all=[$@] args=[$ARGUMENTS] from2=[${@:2}] two=[${@:2:2}] zero=[${@:0}] ten=$10 none=$9";
		const inputs = ["", "one", "one two three", `"a b" 'c d' e`, "x\ty  z", `it's "quoted text" end`, "a\nb c", "1 2 3 4 5 6 7 8 9 10 11", `"" b`, "ünï 🚀 你好"];
		for (const input of inputs) {
			expect(templateArgs(input), input).toEqual(pi.parseCommandArgs(input));
			expect(fillTemplate(content, templateArgs(input)), input).toBe(pi.substituteArgs(content, pi.parseCommandArgs(input)));
		}
	});

	it("fill each placeholder once: a word holding $1 or $@ is sent as written", () => {
		expect(fillTemplate("[$1] [$@]", ["$2", "$@"])).toBe("[$2] [$2 $@]");
	});
});

describe("skills", () => {
	it("are found in arbor's folders, ~/.agents and .agents up to the repository's top; the system prompt lists the model's", async () => {
		const { cwd, home, root } = place();
		write(join(home, "skills", "pdf-tools", "SKILL.md"), "---\nname: pdf-tools\ndescription: Extract text and tables from PDF files.\n---\n# PDF\nRun ./extract.sh <file>\n");
		write(join(home, "skills", "quick.md"), "---\ndescription: A one-file skill.\n---\nDo it quickly.\n");
		write(join(cwd, ".arbor", "skills", "a-group", "deploy", "SKILL.md"), "---\ndescription: Deploy <this> & that.\ndisable-model-invocation: true\n---\nDeploy steps\n");
		write(join(cwd, ".arbor", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: second deploy\n---\n");
		write(join(cwd, "sub", ".agents", "skills", "lint", "SKILL.md"), "---\ndescription: Lint the code.\n---\nnpm run lint\n");
		write(join(cwd, ".agents", "skills", "Bad_Name", "SKILL.md"), "---\ndescription: Loads with a warning.\n---\n");
		write(join(cwd, ".agents", "skills", "root.md"), "---\ndescription: a root .md of .agents/skills is no skill\n---\n");
		write(join(cwd, ".agents", "skills", "nodesc", "SKILL.md"), "---\nname: nodesc\n---\nbody\n");
		write(join(cwd, ".agents", "skills", "node_modules", "dep", "SKILL.md"), "---\ndescription: never searched\n---\n");
		write(join(root, ".agents", "skills", "above", "SKILL.md"), "---\ndescription: above the repository: not searched\n---\n");
		mkdirSync(join(cwd, "sub", "deeper"));
		const library = await loadPromptLibrary({ cwd: join(cwd, "sub", "deeper"), home }, {});
		// .arbor/skills is the working directory's, so here (sub/deeper) only home's, ~/.agents' and the .agents folders count.
		expect(library.skills.map((s) => s.name)).toEqual(["pdf-tools", "quick", "lint", "Bad_Name"]);
		trustProject({ cwd, home });
		const fromTop = await loadPromptLibrary({ cwd, home }, {});
		expect(fromTop.skills.map((s) => [s.name, s.hidden])).toEqual([
			["pdf-tools", false],
			["quick", false],
			["deploy", true],
			["Bad_Name", false],
		]);
		expect(fromTop.warnings).toEqual([
			`the skill ${join(cwd, ".arbor", "skills", "deploy", "SKILL.md")} is not used: a skill named deploy came first (${join(cwd, ".arbor", "skills", "a-group", "deploy", "SKILL.md")})`,
			`skill ${join(cwd, ".agents", "skills", "Bad_Name", "SKILL.md")}: its name has characters other than a-z, 0-9 and -`,
			`skill ${join(cwd, ".agents", "skills", "nodesc", "SKILL.md")} is not loaded: its front matter has no description`,
		]);
		const system = buildSystemPrompt({ cwd, tools: ["read", "bash"], skills: fromTop.skills });
		expect(system).toContain(`<available_skills>\n  <skill>\n    <name>pdf-tools</name>\n    <description>Extract text and tables from PDF files.</description>\n    <location>${join(home, "skills", "pdf-tools", "SKILL.md")}</location>\n  </skill>`);
		expect(system).not.toContain("Deploy"); // hidden: only /skill:deploy uses it
		expect(buildSystemPrompt({ cwd, tools: ["bash"], skills: fromTop.skills })).not.toContain("available_skills"); // no read tool
		expect(libraryLine(fromTop)).toMatch(/^4 skills \(3 warnings: /);
	});

	it("/skill:name words sends the skill's instructions in a tag naming it, then the words", async () => {
		const { cwd, home } = place();
		const file = write(join(home, "skills", "pdf-tools", "SKILL.md"), "---\ndescription: PDFs.\n---\n\n# PDF\nRun ./extract.sh\n");
		const library = await loadPromptLibrary({ cwd, home }, {});
		const block = `<skill name="pdf-tools" location="${file}">\nReferences are relative to ${dirname(file)}.\n\n# PDF\nRun ./extract.sh\n</skill>`;
		expect(expandInput("/skill:pdf-tools", library)).toBe(block);
		expect(expandInput("/skill:pdf-tools  extract report.pdf ", library)).toBe(`${block}\n\nextract report.pdf`);
		expect(expandInput("/skill:nothing", library)).toBeUndefined();
		writeFileSync(file, "---\ndescription: PDFs.\n---\nchanged since start-up\n");
		expect(expandInput("/skill:pdf-tools", library)).toContain("\n\nchanged since start-up\n</skill>");
	});

	it.runIf(process.platform === "linux")("a skill file that cannot be read at /skill:name time is an error naming it", async () => {
		const { cwd, home } = place();
		const file = write(join(home, "skills", "gone", "SKILL.md"), "---\ndescription: will vanish\n---\n");
		const library = await loadPromptLibrary({ cwd, home }, {});
		const { rmSync } = await import("node:fs");
		rmSync(file);
		symlinkSync("/proc/self/mem", file);
		expect(() => expandInput("/skill:gone", library)).toThrow(`cannot read the skill ${file}: input/output error (EIO)`);
	});
});
