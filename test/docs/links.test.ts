import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const docs = join(root, "docs");

/**
 * Pages that other changes of the same round add (issues 34-36). docs/index.md links them already;
 * while one is absent its links are not checked. Once every one exists, this list goes.
 */
const PENDING = new Set(["pi-config.md"].map((page) => join(docs, page)));

/** The lines of a Markdown text, those of fenced code blocks blank and code spans that hold a link's `](` removed. */
function prose(text: string): string[] {
	let fenced = false;
	const lines: string[] = [];
	for (const line of text.split("\n")) {
		if (/^\s*```/.test(line)) fenced = !fenced;
		lines.push(fenced || line.trimStart().startsWith("```") ? "" : line.replace(/`[^`]*`/g, (code) => (code.includes("](") ? "" : code)));
	}
	return lines;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
	const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
	return text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "").replace(/ /g, "-");
}

/** Every anchor of a Markdown text: its headings' slugs, a repeated one with -1, -2… */
function anchorsOf(text: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const line of prose(text)) {
		const heading = /^#{1,6} (.+?)\s*#*$/.exec(line)?.[1];
		if (heading === undefined) continue;
		const base = slug(heading);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

/** The relative links of a Markdown text (no scheme, no mailto), with their line numbers. */
function linksOf(text: string): { target: string; line: number }[] {
	return prose(text).flatMap((line, index) =>
		[...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ target: m[1] ?? "", line: index + 1 })).filter(({ target }) => !/^[a-z][\w+.-]*:/i.test(target)),
	);
}

/** Why a link from `file` does not resolve, or null when it does. */
function deadLink(file: string, target: string): string | null {
	const [path = "", anchor] = target.split("#");
	const to = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
	if (!existsSync(to)) return PENDING.has(to) ? null : `no file ${relative(root, to)}`;
	if (anchor === undefined || !to.endsWith(".md")) return null;
	return anchorsOf(readFileSync(to, "utf8")).has(anchor) ? null : `no heading #${anchor} in ${relative(root, to)}`;
}

const pages = [join(root, "readme.md"), ...readdirSync(docs).filter((f) => f.endsWith(".md")).map((f) => join(docs, f))];

describe("the readme's and docs/'s relative links", () => {
	it("anchors are GitHub's", () => {
		expect(slug("ACP (`arbor acp`)")).toBe("acp-arbor-acp");
		expect(slug("Shell commands: `!command`")).toBe("shell-commands-command");
		expect(slug("The session picker (`/resume`, `-r`)")).toBe("the-session-picker-resume--r");
		expect([...anchorsOf("# A\n```\n# not a heading\n```\n## A\n## Images and `@` files")]).toEqual(["a", "a-1", "images-and--files"]);
		expect(linksOf("[a](b.md#c) [x](https://x.org) `[no](link.md)` [m](mailto:a@b)")).toEqual([{ target: "b.md#c", line: 1 }]);
	});

	it("each one leads to a file that exists and, with #anchor, to a heading of it", () => {
		const dead = pages.flatMap((file) =>
			linksOf(readFileSync(file, "utf8")).flatMap(({ target, line }) => {
				const why = deadLink(file, target);
				return why === null ? [] : [`${relative(root, file)}:${line}: (${target}) ${why}`];
			}),
		);
		expect(dead).toEqual([]);
	});

	it("docs/index.md, the map, links every page of docs/", () => {
		const linked = new Set(linksOf(readFileSync(join(docs, "index.md"), "utf8")).map(({ target }) => resolve(docs, target.split("#")[0] ?? "")));
		expect(pages.filter((page) => page.startsWith(docs) && !page.endsWith("index.md") && !linked.has(page)).map((page) => relative(root, page))).toEqual([]);
	});
});
