/**
 * The user's prompt templates and skills, found where arbor looks for them (see
 * docs/prompt-templates.md), and what a typed `/name words` or `/skill:name words` becomes. One library
 * for every front end: the chat, print mode, RPC and ACP.
 */
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { counted } from "../text/count.js";
import { resolvePath } from "../tools/paths.js";
import { projectAllowed } from "./trust.js";
import type { Settings } from "./settings.js";
import { fillTemplate, markdownFiles, readTemplate, templateArgs, type PromptTemplate } from "./prompt-templates.js";
import { readSkill, skillFiles, skillMessage, type Skill } from "./skills.js";

export type PromptLibrary = { templates: PromptTemplate[]; skills: Skill[]; warnings: string[] };

export const EMPTY_LIBRARY: PromptLibrary = { templates: [], skills: [], warnings: [] };

/** `cwd` and the folders above it, up to the git work tree's top (the filesystem root outside one). */
function upToRepoRoot(cwd: string): string[] {
	const chain: string[] = [];
	for (let dir = resolve(cwd); ; dir = dirname(dir)) {
		chain.push(dir);
		if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return chain;
	}
}

type Where = { cwd: string; home: string };
/** --no-prompt-templates / --no-skills (false), and the paths of --prompt-template / --skill, loaded either way. */
type Flags = { promptTemplates?: boolean; skills?: boolean; promptTemplate?: string[]; skill?: string[] };

async function findTemplates(where: Where, found: boolean, extras: { path: string; from: string }[], warnings: string[]): Promise<PromptTemplate[]> {
	const files = found ? [...markdownFiles(join(where.home, "prompts")), ...(existsSync(join(where.cwd, ".arbor", "prompts")) && projectAllowed(where) ? markdownFiles(join(where.cwd, ".arbor", "prompts")) : [])] : [];
	for (const { path: extra, from } of extras) {
		const path = resolvePath(where.cwd, extra);
		if (!existsSync(path)) warnings.push(`the prompt template path ${extra} (${from}) does not exist`);
		else if (statSync(path).isDirectory()) files.push(...markdownFiles(path));
		else files.push(path);
	}
	const templates: PromptTemplate[] = [];
	for (const file of files) {
		const read = await readTemplate(file);
		if (typeof read === "string") {
			warnings.push(read);
			continue;
		}
		const first = templates.find((t) => t.name === read.name);
		if (first) warnings.push(`the prompt template ${read.path} is not used: /${read.name} is ${first.path}`);
		else templates.push(read);
	}
	return templates;
}

async function findSkills(where: Where, found: boolean, extras: { path: string; from: string }[], warnings: string[]): Promise<Skill[]> {
	const files = found
		? [
				...skillFiles(join(where.home, "skills"), true),
				...skillFiles(join(homedir(), ".agents", "skills"), false),
				...(existsSync(join(where.cwd, ".arbor", "skills")) && projectAllowed(where) ? skillFiles(join(where.cwd, ".arbor", "skills"), true) : []),
				...upToRepoRoot(where.cwd).flatMap((dir) => skillFiles(join(dir, ".agents", "skills"), false)),
			]
		: [];
	for (const { path: extra, from } of extras) {
		const path = resolvePath(where.cwd, extra);
		if (!existsSync(path)) warnings.push(`the skill path ${extra} (${from}) does not exist`);
		else files.push(...(statSync(path).isDirectory() ? skillFiles(path, true) : [path]));
	}
	const skills: Skill[] = [];
	const seen = new Set<string>();
	for (const file of files) {
		if (seen.has(file)) continue; // a folder reached twice (home inside the project, a path in settings)
		seen.add(file);
		const skill = await readSkill(file, warnings);
		if (!skill) continue;
		const first = skills.find((s) => s.name === skill.name);
		if (first) warnings.push(`the skill ${skill.path} is not used: a skill named ${skill.name} came first (${first.path})`);
		else skills.push(skill);
	}
	return skills;
}

/**
 * The templates and skills of this run. `--no-prompt-templates` / `--no-skills` leave out those
 * found in the folders and the settings' lists; `--prompt-template` / `--skill` paths load either way.
 */
export async function loadPromptLibrary(where: Where, settings: Settings, flags: Flags = {}): Promise<PromptLibrary> {
	const warnings: string[] = [];
	const listed = (flag: string[] | undefined, name: string, key: string[] | undefined, setting: string, on: boolean) => [
		...(on ? (key ?? []).map((path) => ({ path, from: `settings: ${setting}` })) : []),
		...(flag ?? []).map((path) => ({ path, from: name })),
	];
	const templatesOn = flags.promptTemplates !== false;
	const skillsOn = flags.skills !== false;
	const templates = await findTemplates(where, templatesOn, listed(flags.promptTemplate, "--prompt-template", settings.prompts, "prompts", templatesOn), warnings);
	const skills = await findSkills(where, skillsOn, listed(flags.skill, "--skill", settings.skills, "skills", skillsOn), warnings);
	return { templates, skills, warnings };
}

/**
 * What `text` sends when it names a skill (`/skill:name words`) or a template (`/name words`):
 * the skill's instructions or the filled-in template. Undefined when it names neither (a command,
 * or plain text). Throws when the skill's file can no longer be read.
 */
export function expandInput(text: string, library: PromptLibrary): string | undefined {
	const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trimStart());
	if (!match?.[1]) return undefined;
	const [name, words = ""] = [match[1], match[2]];
	if (name.startsWith("skill:")) {
		const skill = library.skills.find((s) => s.name === name.slice("skill:".length));
		return skill ? skillMessage(skill, words) : undefined;
	}
	const template = library.templates.find((t) => t.name === name);
	return template ? fillTemplate(template.content, templateArgs(words)) : undefined;
}

/** The skills' folders: the read-only tools may read there as in the working directory (a skill's files are read where they are). */
export function skillDirs(library: PromptLibrary): string[] {
	return [...new Set(library.skills.map((s) => dirname(s.path)))];
}

/** Whether a template's text has a placeholder for words (`$1`, `$@`, `$ARGUMENTS`, `${@:N}`). */
function takesWords(content: string): boolean {
	return /\$(\d|@|ARGUMENTS|\{@:)/.test(content);
}

/** A template or skill a message can start with, as pi's get_commands lists one; `takesWords`: words may follow it. */
export type LibraryCommand = { name: string; description: string; argumentHint?: string; source: "prompt" | "skill"; path: string; takesWords: boolean };

/** The library as commands: templates (`/name`), then skills (`/skill:name`; what follows goes after the skill). */
export function libraryCommands(library: PromptLibrary): LibraryCommand[] {
	return [
		...library.templates.map((t) => ({ name: t.name, description: t.description, ...(t.argumentHint ? { argumentHint: t.argumentHint } : {}), source: "prompt" as const, path: t.path, takesWords: takesWords(t.content) })),
		...library.skills.map((s) => ({ name: `skill:${s.name}`, description: s.description, source: "skill" as const, path: s.path, takesWords: true })),
	];
}

/**
 * The slash menu's lines for the library: a command's argument hint, else `[words]` when words may
 * follow it. A line with arguments is completed with a space after the name.
 */
export function libraryMenu(library: PromptLibrary): { name: string; args?: string; description: string }[] {
	return libraryCommands(library).map((c) => {
		const args = c.argumentHint ?? (c.takesWords ? "[words]" : undefined);
		return { name: c.name, description: c.description, ...(args ? { args } : {}) };
	});
}

/** The start-up status line's part for the library ("" when it is empty and all went well). */
export function libraryLine(library: PromptLibrary): string {
	const counts = [counted(library.templates.length, "prompt template"), counted(library.skills.length, "skill")];
	const found = library.templates.length + library.skills.length === 0 ? "" : counts.filter((c) => !c.startsWith("0 ")).join(", ");
	const warned = library.warnings.length === 0 ? "" : `${found ? " " : ""}(${counted(library.warnings.length, "warning")}: ${library.warnings.join("; ")})`;
	return `${found}${warned}`;
}
