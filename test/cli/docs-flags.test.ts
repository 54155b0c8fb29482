import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/** docs/cli.md's "Command line" section must list every option the CLI has, and no other. */
const page = readFileSync(join(import.meta.dirname, "../../docs/cli.md"), "utf8");
const section = page.slice(page.indexOf("\n## Command line\n"), page.indexOf("\n## Environment\n"));
const usage = section.slice(section.indexOf("```") + 3, section.indexOf("```", section.indexOf("```") + 3));

/** Options of one command as its --help lists them: [short?, long], --help and --version left out. */
async function helpOptions(args: string[]): Promise<[string | undefined, string][]> {
	const help = (await runCli([...args, "--help"])).stdout;
	const options = help.slice(help.indexOf("Options:"), help.indexOf("Commands:") === -1 ? undefined : help.indexOf("Commands:"));
	return [...options.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)/gm)]
		.map((m): [string | undefined, string] => [m[1], m[2]!])
		.filter(([, long]) => long !== "--help" && long !== "--version");
}

/** The usage lines of one subcommand: its own line and the indented lines after it. */
function usageOf(name: string): string {
	const lines = usage.split("\n");
	const start = lines.findIndex((l) => l.startsWith(`arbor ${name} `));
	const end = lines.findIndex((l, i) => i > start && l.startsWith("arbor "));
	return lines.slice(start, end).join("\n");
}

const flagsIn = (text: string) => [...text.matchAll(/(?<![\w-])(--?[a-z][\w-]*)/g)].map((m) => m[1]!);

describe("docs/cli.md ↔ CLI, flag for flag", () => {
	it("every root option is in the options table, and the table has no other", async () => {
		const table = section.slice(section.indexOf("\n## Options\n"));
		const rows = [...table.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]!);
		const documented = new Set(rows.flatMap((r) => flagsIn(r)));
		const options = await helpOptions([]);
		for (const [short, long] of options) {
			expect(documented.has(long), `${long} in the options table`).toBe(true);
			if (short) expect(documented.has(short), `${short} in the options table`).toBe(true);
		}
		const known = new Set(options.flatMap(([s, l]) => (s ? [s, l] : [l])));
		for (const flag of documented) expect(known.has(flag), `${flag} exists`).toBe(true);
	});

	it.each(["sessions", "tree", "context", "navigate", "fork", "label", "compare", "merge", "search", "import", "acp", "fanout"])("arbor %s: the usage lines list exactly its options", async (name) => {
		const lines = usageOf(name);
		const listed = new Set(flagsIn(lines));
		const options = await helpOptions([name]);
		for (const [short, long] of options) expect(listed.has(long) || (short !== undefined && listed.has(short)), `${long} listed`).toBe(true);
		const known = new Set(options.flatMap(([s, l]) => (s ? [s, l] : [l])));
		for (const flag of listed) expect(known.has(flag), `${flag} is an option of ${name}`).toBe(true);
	});

	it("every subcommand in --help answers its own --help: one started by its name is built alone, under that name", async () => {
		const help = (await runCli(["--help"])).stdout;
		const names = [...help.slice(help.indexOf("Commands:")).matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!);
		expect(names.length).toBeGreaterThan(15);
		for (const name of names) {
			const own = await runCli([name, "--help"]);
			expect([own.code, own.stdout.split("\n")[0]?.startsWith(`Usage: arbor ${name} `)], name).toEqual([0, true]);
		}
	});
});
