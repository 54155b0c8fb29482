import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";

const dist = dirname(builtCli());
const chunks = readdirSync(join(dist, "chunks")).map((name) => join(dist, "chunks", name));
/** The bundles of their own beside cli.js (print mode, search, import), and print mode's lazy parts in dist/print/. */
const apart = readdirSync(dist)
	.filter((name) => name.endsWith(".js") && name !== "cli.js")
	.map((name) => join(dist, name));
const printParts = readdirSync(join(dist, "print")).map((name) => join(dist, "print", name));

/** The files a module imports statically (`import … from"./x.js"`), resolved within dist/. */
function staticImports(file: string): string[] {
	const text = readFileSync(file, "utf8");
	return [...text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
}

/** `file` and the files it imports statically, at any depth. */
function staticClosure(file: string, seen = new Set<string>()): string[] {
	if (seen.has(file)) return [...seen];
	seen.add(file);
	for (const spec of staticImports(file)) if (spec.startsWith(".")) staticClosure(join(file, "..", spec), seen);
	return [...seen];
}

describe("the bundle and the extension loader", () => {
	it("jiti is never imported statically: one chunk (and print mode's bundle) imports it lazily, and it stays outside the bundle", () => {
		const all = [join(dist, "cli.js"), ...chunks, ...apart, ...printParts];
		for (const file of all) expect(staticImports(file), file).not.toContain("jiti");
		const lazy = all.filter((file) => readFileSync(file, "utf8").includes('import("jiti")'));
		expect(lazy.filter((file) => chunks.includes(file))).toHaveLength(1);
		expect(lazy.filter((file) => !chunks.includes(file))).toEqual([join(dist, "print-mode.js")]);
		expect(all.some((file) => readFileSync(file, "utf8").includes("createJiti=") || /function createJiti\b/.test(readFileSync(file, "utf8")))).toBe(false);
	});

	it("cli.js (the --version path) does not load the extension host", () => {
		const seen = staticClosure(join(dist, "cli.js"));
		expect(seen.length).toBeGreaterThan(1);
		for (const file of seen) expect(readFileSync(file, "utf8").includes('import("jiti")'), file).toBe(false);
	});

	it("print mode is dist/print-mode.js and a few files of dist/print/: the MCP client and the openai and anthropic providers are loaded only when used", () => {
		const bundle = join(dist, "print-mode.js");
		const loaded = staticClosure(bundle);
		expect(loaded.filter((file) => file !== bundle && !printParts.includes(file))).toEqual([]);
		// A start resolves and reads each file: a plain run loads few (scripts/build.mjs).
		expect(loaded.length).toBeLessThanOrEqual(7);
		const text = loaded.map((file) => readFileSync(file, "utf8")).join("\n");
		// The anthropic provider's header, the MCP client's refusal, the openai provider's Responses API
		// field, a message of zod 3 (the MCP client's; provider-utils gets zod 3's kind names alone).
		for (const marker of ["anthropic-version", "Server does not support", "previous_response_id", "Intersection results could not be merged"]) {
			expect(text).not.toContain(marker);
			expect(printParts.filter((file) => readFileSync(file, "utf8").includes(marker))).toHaveLength(1);
		}
		expect(readFileSync(bundle, "utf8")).not.toMatch(/import\("\.\.\//);
		const importers = [join(dist, "cli.js"), ...chunks].filter((file) => readFileSync(file, "utf8").includes('import("../print-mode.js")'));
		expect(importers.map((file) => file.slice(dist.length + 1))).toEqual([expect.stringMatching(/^chunks\/modes-\w+\.js$/)]);
	});

	it("the AI SDK's default provider (the AI Gateway, used only for a model given by name) is not bundled (scripts/build.mjs)", () => {
		const all = [join(dist, "cli.js"), ...chunks, ...apart, ...printParts].map((file) => readFileSync(file, "utf8"));
		expect(all.filter((text) => text.includes("vercel.ai.gateway.error"))).toEqual([]);
	});

	it("@ai-sdk/provider-utils is bundled once per build, not once for the AI SDK and again for the providers (scripts/build.mjs)", () => {
		// Its download's refusal of an https → http redirect.
		const holding = (files: string[]) => files.filter((file) => readFileSync(file, "utf8").includes("Redirect from HTTPS to HTTP was blocked"));
		expect(holding([join(dist, "print-mode.js"), ...printParts])).toHaveLength(1);
		expect(holding([join(dist, "cli.js"), ...chunks])).toHaveLength(1);
	});

	it("zod's messages are bundled in English alone (scripts/build.mjs)", () => {
		const all = [join(dist, "cli.js"), ...chunks, ...apart, ...printParts].map((file) => readFileSync(file, "utf8"));
		// zod's Polish "invalid input" (its locales/pl.js), escaped as esbuild writes it.
		expect(all.filter((text) => text.includes("Nieprawid\\u0142owe"))).toEqual([]);
		expect(all.filter((text) => text.includes("Invalid input: expected")).length).toBeGreaterThan(0);
	});
});
