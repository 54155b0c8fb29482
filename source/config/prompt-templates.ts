/**
 * Prompt templates, as pi has them: markdown files whose name is a command. `/review` sends the
 * text of `review.md`; `/component Button "click handler"` puts its words into `$1`, `$2`, `$@`
 * (also `$ARGUMENTS`), `${@:N}` and `${@:N:L}`. Front matter may give a `description` (otherwise
 * the first line of the text is shown) and an `argument-hint` shown in the slash menu.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { causeOf } from "../session/io-errors.js";
import { isFile } from "../tools/paths.js";
import { readFrontmatter, textField } from "./frontmatter.js";

export type PromptTemplate = {
	/** The command: the file name without `.md`. */
	name: string;
	description: string;
	argumentHint?: string;
	/** The text sent (after the front matter), placeholders not yet filled in. */
	content: string;
	path: string;
};

/** Characters of a template's first line shown when its front matter gives no description. */
const FIRST_LINE_CHARS = 60;

/** A template file, or a warning when it cannot be read. */
export async function readTemplate(path: string): Promise<PromptTemplate | string> {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		return `cannot read the prompt template ${path}: ${causeOf(error)}`;
	}
	const { data, body, error } = await readFrontmatter(text);
	const first = body.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
	const description = textField(data, "description") ?? (first.length > FIRST_LINE_CHARS ? `${first.slice(0, FIRST_LINE_CHARS)}…` : first);
	const argumentHint = textField(data, "argument-hint");
	const template: PromptTemplate = { name: basename(path).replace(/\.md$/, ""), description, content: body, path, ...(argumentHint ? { argumentHint } : {}) };
	return error ? `${path}: ${error}` : template;
}

/** The `.md` files directly in `dir` (not below it), sorted; none when it does not exist. */
export function markdownFiles(dir: string): string[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	return names
		.filter((name) => name.endsWith(".md"))
		.sort()
		.map((name) => join(dir, name))
		.filter(isFile);
}

/**
 * The words of a template's arguments, as pi splits them: spaces and tabs separate words, quotes
 * (single or double) keep spaces inside a word and are removed; a line break stays in its word.
 * Empty words are dropped.
 */
export function templateArgs(text: string): string[] {
	const words: string[] = [];
	let word = "";
	let quote: string | undefined;
	for (const ch of text) {
		if (quote) {
			if (ch === quote) quote = undefined;
			else word += ch;
		} else if (ch === '"' || ch === "'") quote = ch;
		else if (ch === " " || ch === "\t") {
			if (word) words.push(word);
			word = "";
		} else word += ch;
	}
	if (word) words.push(word);
	return words;
}

/**
 * The template's text with its placeholders filled in, each once: `$1`… (positional; missing ones
 * are empty), `${@:N}` / `${@:N:L}` (words from the Nth, L of them), `$@` and `$ARGUMENTS` (all
 * words, joined by spaces). A word holding `$1` is not filled in again.
 */
export function fillTemplate(content: string, args: readonly string[]): string {
	const all = args.join(" ");
	return content.replace(/\$\{@:(\d+)(?::(\d+))?\}|\$ARGUMENTS|\$@|\$(\d+)/g, (match, start?: string, length?: string, index?: string) => {
		if (index !== undefined) return args[Number(index) - 1] ?? "";
		if (start !== undefined) {
			const from = Math.max(0, Number(start) - 1);
			return args.slice(from, length === undefined ? undefined : from + Number(length)).join(" ");
		}
		return all;
	});
}
