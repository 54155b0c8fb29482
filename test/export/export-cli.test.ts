import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { xssSession } from "./xss-session.js";

const TREE = "pi-tree-session.jsonl";

/** The JSON embedded in an exported page, parsed. */
function embedded(html: string): { leafId: string | null; file: string; entries: { id: string }[] } {
	const open = '<script id="arbor-data" type="application/json">';
	const start = html.indexOf(open) + open.length;
	return JSON.parse(html.slice(start, html.indexOf("</script>", start)));
}

const hashOf = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("arbor export", () => {
	it("writes <session name>.html in the current folder, prints its path, embeds every entry", async () => {
		const { dir, file, home } = fixtureCopy(TREE);
		const before = readFileSync(file);
		const run = await runCli(["export", file], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		const out = join(dir, "pi-tree-session.html");
		expect(run.stdout).toBe(`${out}\n`);
		const html = readFileSync(out, "utf8");
		const view = SessionStore.open(file).snapshot();
		const data = embedded(html);
		expect(data.entries.map((e) => e.id)).toEqual(view.entries.map((e) => e.id));
		expect(data.leafId).toBe(view.leafId);
		expect(readFileSync(file).equals(before)).toBe(true);
		expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
	});

	it("is self-contained: no external URL to load, and the CSP admits only the page's own script and style", async () => {
		const { dir, file, home } = fixtureCopy(TREE);
		await runCli(["export", file, "page.html"], { cwd: dir, env: { ARBOR_HOME: home } });
		const html = readFileSync(join(dir, "page.html"), "utf8");
		const head = html.slice(0, html.indexOf('<script id="arbor-data"'));
		expect(head).not.toMatch(/<link|<img|src=|url\(|@import|@font-face/i);
		const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
		const script = /<script>([\s\S]*)<\/script>\n<\/body>/.exec(html)?.[1] ?? "";
		const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
		expect(csp).toContain("default-src 'none'");
		expect(csp).toContain(`script-src '${hashOf(script)}'`);
		expect(csp).toContain(`style-src '${hashOf(style)}'`);
		expect(csp).not.toMatch(/unsafe|https?:/);
	});

	it("keeps </script> and markup in messages inside the data element (every < escaped)", async () => {
		const { dir, file } = xssSession();
		const run = await runCli(["export", file, "--json"], { cwd: dir });
		expect(run.code).toBe(0);
		const result = JSON.parse(run.stdout);
		const html = readFileSync(result.file, "utf8");
		const open = html.indexOf('type="application/json">');
		const close = html.indexOf("</script>", open);
		expect(html.slice(open, close)).not.toContain("<img");
		expect(JSON.stringify(embedded(html))).toContain("</script><script>alert(2)</script>");
		expect(result).toMatchObject({ sessionFile: file, entries: SessionStore.open(file).snapshot().entries.length });
		expect(result.bytes).toBe(readFileSync(result.file).length);
	});

	it("puts the page inside an existing folder given as the output", async () => {
		const { dir, file, home } = fixtureCopy(TREE);
		mkdirSync(join(dir, "out"));
		const run = await runCli(["export", file, "out"], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(0);
		expect(existsSync(join(dir, "out", "pi-tree-session.html"))).toBe(true);
	});

	it("a missing session is exit 2 with one arbor: line, and nothing is written", async () => {
		const { dir, home } = fixtureCopy(TREE);
		const run = await runCli(["export", join(dir, "nope.jsonl")], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(run.code).toBe(2);
		expect(run.stdout).toBe("");
		expect(run.stderr).toMatch(/^arbor: [^\n]*nope\.jsonl[^\n]*\n$/);
		expect(existsSync(join(dir, "nope.html"))).toBe(false);
	});

	it("refuses to write over the session file itself and to an unwritable place (exit 2, file untouched)", async () => {
		const { dir, file, home } = fixtureCopy(TREE);
		const before = readFileSync(file);
		const self = await runCli(["export", file, file], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(self.code).toBe(2);
		expect(self.stderr).toMatch(/^arbor: refusing to overwrite the session file/);
		expect(readFileSync(file).equals(before)).toBe(true);
		const nowhere = await runCli(["export", file, join(dir, "no/such/dir/x.html")], { cwd: dir, env: { ARBOR_HOME: home } });
		expect(nowhere.code).toBe(2);
		expect(nowhere.stderr).toMatch(/^arbor: cannot write .*x\.html: ENOENT\n$/);
	});

	it("without a session argument is a usage error (exit 2)", async () => {
		const run = await runCli(["export"]);
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/^arbor: .*session/);
	});
});
