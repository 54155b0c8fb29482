import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { chatContextFiles, contextFilesLine, contextFolders, loadContextFiles } from "../../source/config/context-files.js";
import { buildSystemPrompt } from "../../source/llm/prompts.js";

/** A project three folders deep under a temp root, and an ARBOR_HOME beside it. */
function project() {
	const root = mkdtempSync(join(tmpdir(), "arbor-ctx-"));
	const home = join(root, "home");
	const outer = join(root, "work");
	const cwd = join(outer, "repo", "pkg");
	mkdirSync(home);
	mkdirSync(cwd, { recursive: true });
	return { root, home, outer, repo: join(outer, "repo"), cwd };
}

describe("project instructions (AGENTS.md / CLAUDE.md)", () => {
	it("searches home first, then every folder from the filesystem root down to cwd", () => {
		const folders = contextFolders("/a/b/c", "/h");
		expect(folders).toEqual(["/h", sep, "/a", "/a/b", "/a/b/c"]);
	});

	it("loads home, then outer → inner, AGENTS.md winning over CLAUDE.md in the same folder", () => {
		const p = project();
		writeFileSync(join(p.home, "AGENTS.md"), "global rule\n");
		writeFileSync(join(p.outer, "CLAUDE.md"), "outer claude rule\n");
		writeFileSync(join(p.repo, "AGENTS.md"), "Always answer in haiku\n");
		writeFileSync(join(p.repo, "CLAUDE.md"), "ignored: AGENTS.md is in this folder\n");
		writeFileSync(join(p.cwd, "AGENTS.md"), "package rule\n");
		const { files, warnings } = loadContextFiles({ cwd: p.cwd, home: p.home });
		expect(warnings).toEqual([]);
		const ours = files.filter((f) => f.path.startsWith(p.root));
		expect(ours.map((f) => f.path)).toEqual([
			join(p.home, "AGENTS.md"),
			join(p.outer, "CLAUDE.md"),
			join(p.repo, "AGENTS.md"),
			join(p.cwd, "AGENTS.md"),
		]);
		expect(ours.map((f) => f.content)).toEqual(["global rule\n", "outer claude rule\n", "Always answer in haiku\n", "package rule\n"]);
	});

	it("reads each file once, also when ARBOR_HOME is one of cwd's folders or a link to one", () => {
		const p = project();
		writeFileSync(join(p.repo, "AGENTS.md"), "once\n");
		const linked = join(p.root, "linked-home");
		symlinkSync(p.repo, linked);
		for (const home of [p.repo, linked]) {
			const ours = loadContextFiles({ cwd: p.cwd, home }).files.filter((f) => f.content === "once\n");
			expect(ours).toHaveLength(1);
		}
	});

	it("skips a folder named AGENTS.md and takes CLAUDE.md there instead", () => {
		const p = project();
		mkdirSync(join(p.cwd, "AGENTS.md"));
		writeFileSync(join(p.cwd, "CLAUDE.md"), "claude\n");
		const ours = loadContextFiles({ cwd: p.cwd, home: p.home }).files.filter((f) => f.path.startsWith(p.root));
		expect(ours).toEqual([{ path: join(p.cwd, "CLAUDE.md"), content: "claude\n" }]);
	});

	it.runIf(process.platform === "linux")("a file that cannot be read is a warning naming it, and the others still load", () => {
		const p = project();
		// A regular file whose read fails even for root: /proc/self/mem read from offset 0 is EIO.
		symlinkSync("/proc/self/mem", join(p.repo, "AGENTS.md"));
		writeFileSync(join(p.cwd, "AGENTS.md"), "still here\n");
		const { files, warnings } = loadContextFiles({ cwd: p.cwd, home: p.home });
		expect(warnings).toEqual([`cannot read ${join(p.repo, "AGENTS.md")}: input/output error (EIO); left out of the system prompt`]);
		expect(files.filter((f) => f.path.startsWith(p.root))).toEqual([{ path: join(p.cwd, "AGENTS.md"), content: "still here\n" }]);
		expect(contextFilesLine({ files, warnings }, p.cwd)).toContain("(1 unreadable: cannot read ");
	});

	it("--no-context-files and \"contextFiles\": false load nothing", () => {
		const p = project();
		writeFileSync(join(p.cwd, "AGENTS.md"), "rule\n");
		expect(chatContextFiles({ contextFiles: false }, {}, p)).toEqual({ files: [], warnings: [] });
		expect(chatContextFiles({}, { contextFiles: false }, p)).toEqual({ files: [], warnings: [] });
		expect(chatContextFiles({}, {}, p).files.map((f) => f.content)).toContain("rule\n");
	});

	it("the system prompt ends with each file under its path, in load order", () => {
		const prompt = buildSystemPrompt({
			cwd: "/w",
			tools: [],
			date: new Date("2026-01-02T00:00:00Z"),
			contextFiles: [
				{ path: "/h/AGENTS.md", content: "global\n" },
				{ path: "/w/AGENTS.md", content: "Always answer in haiku\n\n" },
			],
		});
		expect(prompt.endsWith("## /h/AGENTS.md\n\nglobal\n\n## /w/AGENTS.md\n\nAlways answer in haiku")).toBe(true);
		expect(prompt).toContain("# Project instructions");
		expect(buildSystemPrompt({ cwd: "/w", tools: [], contextFiles: [] })).not.toContain("Project instructions");
	});

	it("names the files relative to cwd in the status line", () => {
		expect(contextFilesLine({ files: [{ path: "/w/r/AGENTS.md", content: "" }, { path: "/w/r/p/CLAUDE.md", content: "" }], warnings: [] }, "/w/r")).toBe(
			"instructions: AGENTS.md, p/CLAUDE.md",
		);
	});
});
