/**
 * A small .gitignore matcher: root and nested files, `*`, `**`, `?`, `[...]`, leading `/`
 * (anchored), trailing `/` (directories only) and `!` negation. Later rules win, and rules of a
 * deeper .gitignore come after those of its parents, as in git.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { globToRegexSource } from "./glob.js";
import { errnoCode } from "../text/error-text.js";

/** One compiled line of a .gitignore file. */
export type IgnoreRule = {
	/** Directory of the .gitignore, relative to the walk root, "" for the root itself. */
	base: string;
	negate: boolean;
	dirOnly: boolean;
	regex: RegExp;
};

/** Parses the text of a .gitignore located at `base` (relative, posix) into rules. */
export function parseGitignore(text: string, base: string): IgnoreRule[] {
	const rules: IgnoreRule[] = [];
	for (const raw of text.split(/\r?\n/)) {
		const rule = parseLine(raw, base);
		if (rule) rules.push(rule);
	}
	return rules;
}

function parseLine(raw: string, base: string): IgnoreRule | undefined {
	let line = raw.replace(/(?<!\\)\s+$/, "");
	if (line === "" || line.startsWith("#")) return undefined;
	let negate = false;
	if (line.startsWith("!")) {
		negate = true;
		line = line.slice(1);
	} else if (line.startsWith("\\!") || line.startsWith("\\#")) line = line.slice(1);
	let dirOnly = false;
	if (line.endsWith("/")) {
		dirOnly = true;
		line = line.slice(0, -1);
	}
	if (line === "") return undefined;
	// A slash anywhere but the end anchors the pattern to the .gitignore's directory.
	const anchored = line.includes("/");
	if (line.startsWith("/")) line = line.slice(1);
	const body = globToRegexSource(line);
	const regex = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`);
	return { base, negate, dirOnly, regex };
}

/** Decides whether `rel` (posix, relative to the walk root) is ignored by `rules`. */
export function isIgnored(rules: readonly IgnoreRule[], rel: string, isDir: boolean): boolean {
	let ignored = false;
	for (const rule of rules) {
		if (rule.dirOnly && !isDir) continue;
		let sub = rel;
		if (rule.base !== "") {
			if (!rel.startsWith(`${rule.base}/`)) continue;
			sub = rel.slice(rule.base.length + 1);
		}
		if (rule.regex.test(sub)) ignored = !rule.negate;
	}
	return ignored;
}

/** Loads `<dir>/.gitignore` as rules for `base`; a missing file yields no rules. */
export async function loadGitignore(dir: string, base: string): Promise<IgnoreRule[]> {
	let text: string;
	try {
		text = await readFile(path.join(dir, ".gitignore"), "utf8");
	} catch (error) {
		const code = errnoCode(error);
		if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return [];
		throw error;
	}
	return parseGitignore(text, base);
}
