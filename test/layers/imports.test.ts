import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../source");

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
	});
}

/** Static (runtime) imports of a file: `import … from "x"` without `import type`, and `export … from`. */
function staticImports(file: string): string[] {
	const text = readFileSync(file, "utf8");
	const found: string[] = [];
	for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
		found.push(m[1]!);
	}
	return found;
}

const layer = (file: string) => relative(root, file).split("/")[0];
const UI = /^(ink|react|@inkjs\/ui|ink-text-input|ink-testing-library)(\/|$)/;
const AI = /^(ai|@ai-sdk\/.*)(\/|$)/;

describe("layer boundaries (docs/style.md)", () => {
	const all = files(root);

	it("session/ imports no React, Ink or AI SDK, and nothing from the layers above it", () => {
		for (const file of all.filter((f) => layer(f) === "session")) {
			for (const spec of staticImports(file)) {
				expect(UI.test(spec) || AI.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
				expect(/^\.\.\/(llm|tools|navigation|print|ui)\//.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
			}
		}
	});

	it("extensions/ sits between navigation/ and the modes: it imports session, llm, navigation only", () => {
		const mine = all.filter((f) => layer(f) === "extensions");
		expect(mine.length).toBeGreaterThan(0);
		for (const file of mine) {
			for (const spec of staticImports(file)) {
				const ok = spec.startsWith("node:") || /^\.\/[\w-]+\.js$/.test(spec) || /^\.\.\/(text|session|tree|llm|navigation|config)\//.test(spec);
				expect(ok, `${relative(root, file)} imports ${spec}`).toBe(true);
			}
		}
	});

	it("the layers below extensions/ never import it", () => {
		for (const file of all.filter((f) => ["session", "llm", "navigation", "tools", "config"].includes(layer(f)!))) {
			for (const spec of staticImports(file)) expect(/extensions\//.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
		}
	});

	it("jiti (the extension loader) is only imported lazily, by extensions/load.ts", () => {
		for (const file of all) {
			expect(staticImports(file).includes("jiti"), `${relative(root, file)} imports jiti statically`).toBe(false);
			if (!file.endsWith("extensions/load.ts")) expect(/import\(\s*["']jiti["']\s*\)/.test(readFileSync(file, "utf8")), relative(root, file)).toBe(false);
		}
	});

	it("print/, navigation/, llm/, extensions/ and tools/ never import Ink or React, nor the ui/ layer", () => {
		for (const file of all.filter((f) => ["print", "navigation", "llm", "tools", "config", "extensions"].includes(layer(f)!))) {
			for (const spec of staticImports(file)) {
				expect(UI.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
				expect(/\/ui\//.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
			}
		}
	});

	it("export/ (the HTML export and its page) imports only session/, tree/, text/, config/errors and itself: no React, Ink, AI SDK or upper layers", () => {
		for (const file of all.filter((f) => layer(f) === "export")) {
			for (const spec of staticImports(file)) {
				expect(UI.test(spec) || AI.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
				expect(/^(\.\.\/)+(llm|tools|navigation|print|ui)\//.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
			}
		}
	});

	it("session/ never imports export/", () => {
		for (const file of all.filter((f) => layer(f) === "session")) {
			for (const spec of staticImports(file)) expect(/\/export\//.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
		}
	});

	it("only llm/ and tools/ import the AI SDK at run time", () => {
		for (const file of all.filter((f) => !["llm", "tools"].includes(layer(f)!))) {
			for (const spec of staticImports(file)) {
				expect(AI.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
			}
		}
	});

	it("cli.ts loads modes lazily: its static imports are commander and small local modules", () => {
		const specs = staticImports(join(root, "cli.ts"));
		expect(specs.filter((s) => !s.startsWith("./"))).toEqual(["commander"]);
		expect(specs.filter((s) => s.startsWith("./"))).toEqual(["./cli-options.js", "./config/errors.js"]);
	});

	it("no process.exit outside cli.ts and no console.* inside ui/", () => {
		for (const file of all) {
			const text = readFileSync(file, "utf8");
			if (!file.endsWith("/cli.ts")) expect(/process\.exit\(/.test(text), relative(root, file)).toBe(false);
			if (layer(file) === "ui") expect(/\bconsole\./.test(text), relative(root, file)).toBe(false);
		}
	});
});
