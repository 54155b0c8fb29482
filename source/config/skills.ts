/**
 * Skills (the Agent Skills standard, as pi reads it): a folder with a `SKILL.md` whose front matter
 * names the skill and says when to use it. Only the names, descriptions and paths go into the
 * system prompt; the model reads a skill's file when a task matches. `/skill:name [words]` sends
 * the skill's instructions (and the words) as the message.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { causeOf } from "../session/io-errors.js";
import { readFrontmatter, splitFrontmatter, textField } from "./frontmatter.js";
import { isDirectory, isFile } from "../tools/paths.js";
import { xmlText } from "../llm/prompts.js";

export type Skill = {
	name: string;
	description: string;
	/** The skill's file (`…/name/SKILL.md`, or a `.md` file directly in an arbor skills folder). */
	path: string;
	/** `disable-model-invocation: true`: left out of the system prompt, used only by `/skill:name`. */
	hidden: boolean;
};

const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
/** Folders deeper than this below a skills folder are not searched (a link loop ends here too). */
const MAX_DEPTH = 8;

/** What a name breaks of the standard's rules (lowercase letters, digits, single inner hyphens, its folder's name; a one-file skill's: its file's). */
function nameProblems(name: string, own: string): string[] {
	const problems: string[] = [];
	if (name !== own) problems.push(`its name "${name}" is not its folder's or file's ("${own}")`);
	if (name.length > MAX_NAME) problems.push(`its name is longer than ${MAX_NAME} characters`);
	if (!/^[a-z0-9-]+$/.test(name)) problems.push("its name has characters other than a-z, 0-9 and -");
	else if (name.startsWith("-") || name.endsWith("-") || name.includes("--")) problems.push("its name starts or ends with a hyphen, or has two in a row");
	return problems;
}

/** One skill file: the skill, or undefined (with a warning) when it has no description. */
export async function readSkill(path: string, warnings: string[]): Promise<Skill | undefined> {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		warnings.push(`cannot read the skill ${path}: ${causeOf(error)}`);
		return undefined;
	}
	const { data, error } = await readFrontmatter(text);
	if (error) warnings.push(`skill ${path}: ${error}`);
	// A SKILL.md is named after its folder (the standard's rule); a one-file skill after its file.
	const own = basename(path) === "SKILL.md" ? basename(dirname(path)) : basename(path).replace(/\.md$/, "");
	const name = textField(data, "name") ?? own;
	const description = textField(data, "description");
	if (!description) {
		warnings.push(`skill ${path} is not loaded: its front matter has no description`);
		return undefined;
	}
	const problems = nameProblems(name, own);
	if (description.length > MAX_DESCRIPTION) problems.push(`its description is longer than ${MAX_DESCRIPTION} characters`);
	if (problems.length > 0) warnings.push(`skill ${path}: ${problems.join("; ")}`);
	return { name, description, path, hidden: data["disable-model-invocation"] === true };
}

/**
 * The skill files in `dir`: a folder holding `SKILL.md` is one skill (nothing below it is
 * searched); other folders are searched (not hidden ones, not node_modules). `rootFiles`: `.md`
 * files directly in `dir` are skills too (arbor's own skills folders; not `.agents/skills`).
 */
export function skillFiles(dir: string, rootFiles: boolean, depth = 0): string[] {
	const own = join(dir, "SKILL.md");
	if (depth > 0 && isFile(own)) return [own];
	let names: string[];
	try {
		names = readdirSync(dir).sort();
	} catch {
		return [];
	}
	if (depth === 0 && names.includes("SKILL.md") && isFile(own)) return [own];
	const found: string[] = [];
	for (const name of names) {
		if (name.startsWith(".") || name === "node_modules") continue;
		const path = join(dir, name);
		if (isDirectory(path)) {
			if (depth < MAX_DEPTH) found.push(...skillFiles(path, false, depth + 1));
		} else if (rootFiles && depth === 0 && name.endsWith(".md") && isFile(path)) found.push(path);
	}
	return found;
}

/** The message `/skill:name words` sends: the skill's instructions in a tag naming it, then the words. */
export function skillMessage(skill: Skill, words: string): string {
	let body: string;
	try {
		body = splitFrontmatter(readFileSync(skill.path, "utf8")).body.trim();
	} catch (error) {
		throw new Error(`cannot read the skill ${skill.path}: ${causeOf(error)}`, { cause: error });
	}
	const block = `<skill name="${xmlText(skill.name)}" location="${xmlText(skill.path)}">\nReferences are relative to ${dirname(skill.path)}.\n\n${body}\n</skill>`;
	return words.trim() === "" ? block : `${block}\n\n${words.trim()}`;
}
