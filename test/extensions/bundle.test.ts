import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";

const dist = dirname(builtCli());
const chunks = readdirSync(join(dist, "chunks")).map((name) => join(dist, "chunks", name));

/** The files a module imports statically (`import … from"./x.js"`), resolved within dist/. */
function staticImports(file: string): string[] {
	const text = readFileSync(file, "utf8");
	return [...text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
}

describe("the bundle and the extension loader", () => {
	it("jiti is never imported statically: one chunk imports it lazily, and it stays outside the bundle", () => {
		const all = [join(dist, "cli.js"), ...chunks];
		for (const file of all) expect(staticImports(file), file).not.toContain("jiti");
		const lazy = all.filter((file) => readFileSync(file, "utf8").includes('import("jiti")'));
		expect(lazy).toHaveLength(1);
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
});
