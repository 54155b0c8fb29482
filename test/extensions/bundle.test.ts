import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";

const dist = dirname(builtCli());
const chunks = readdirSync(join(dist, "chunks")).map((name) => join(dist, "chunks", name));
/** The bundles of their own beside cli.js (print mode, search), each one file. */
const apart = readdirSync(dist)
	.filter((name) => name.endsWith(".js") && name !== "cli.js")
	.map((name) => join(dist, name));

/** The files a module imports statically (`import … from"./x.js"`), resolved within dist/. */
function staticImports(file: string): string[] {
	const text = readFileSync(file, "utf8");
	return [...text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
}

describe("the bundle and the extension loader", () => {
	it("jiti is never imported statically: one chunk (and print mode's bundle) imports it lazily, and it stays outside the bundle", () => {
		const all = [join(dist, "cli.js"), ...chunks, ...apart];
		for (const file of all) expect(staticImports(file), file).not.toContain("jiti");
		const lazy = all.filter((file) => readFileSync(file, "utf8").includes('import("jiti")'));
		expect(lazy.filter((file) => chunks.includes(file))).toHaveLength(1);
		expect(lazy.filter((file) => !chunks.includes(file))).toEqual([join(dist, "print-mode.js")]);
		expect(all.some((file) => readFileSync(file, "utf8").includes("createJiti=") || /function createJiti\b/.test(readFileSync(file, "utf8")))).toBe(false);
	});

	it("cli.js (the --version path) does not load the extension host", () => {
		const seen = new Set<string>();
		const visit = (file: string) => {
			if (seen.has(file)) return;
			seen.add(file);
			for (const spec of staticImports(file)) if (spec.startsWith("./")) visit(join(file, "..", spec));
		};
		visit(join(dist, "cli.js"));
		expect(seen.size).toBeGreaterThan(1);
		for (const file of seen) expect(readFileSync(file, "utf8").includes('import("jiti")'), file).toBe(false);
	});

	it("print mode is one file: dist/print-mode.js imports no other file of dist/, and only modes' chunk imports it", () => {
		const bundle = join(dist, "print-mode.js");
		expect(staticImports(bundle).filter((spec) => spec.startsWith("."))).toEqual([]);
		expect(readFileSync(bundle, "utf8")).not.toMatch(/import\("\.{1,2}\//);
		const importers = [join(dist, "cli.js"), ...chunks].filter((file) => readFileSync(file, "utf8").includes('import("../print-mode.js")'));
		expect(importers.map((file) => file.slice(dist.length + 1))).toEqual([expect.stringMatching(/^chunks\/modes-\w+\.js$/)]);
	});

	it("zod's messages are bundled in English alone (scripts/build.mjs)", () => {
		const all = [join(dist, "cli.js"), ...chunks, ...apart].map((file) => readFileSync(file, "utf8"));
		// zod's Polish "invalid input" (its locales/pl.js), escaped as esbuild writes it.
		expect(all.filter((text) => text.includes("Nieprawid\\u0142owe"))).toEqual([]);
		expect(all.filter((text) => text.includes("Invalid input: expected")).length).toBeGreaterThan(0);
	});
});
