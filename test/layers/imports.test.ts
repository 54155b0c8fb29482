import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import type * as TypeScript from "typescript";
import { ts } from "../helpers/typescript.js";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../source");

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
	});
}

/** How a module is imported: `import type` is erased; static and dynamic imports load it at run time. */
type ImportKind = "type" | "static" | "dynamic";
type Import = { spec: string; kind: ImportKind };

/** The string a dynamic `import(…)` loads, or null when it is computed (the table cannot check those). */
function dynamicTarget(node: TypeScript.CallExpression): string | null {
	const arg = node.arguments[0];
	return arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : null;
}

/**
 * Every import of a file, from its syntax tree (comments and strings cannot fool it):
 * `import … from`, `export … from`, `import("…")` and `await import("…")` anywhere in the file.
 * A computed `import(x)` is listed with the spec `<computed>`.
 */
function importsOf(file: string, text = readFileSync(file, "utf8")): Import[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
	const found: Import[] = [];
	const visit = (node: TypeScript.Node): void => {
		if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
			found.push({ spec: node.moduleSpecifier.text, kind: node.importClause?.isTypeOnly ? "type" : "static" });
		} else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			found.push({ spec: node.moduleSpecifier.text, kind: node.isTypeOnly ? "type" : "static" });
		} else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			found.push({ spec: dynamicTarget(node) ?? "<computed>", kind: "dynamic" });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** A file's place in the table: its top folder (`session/`), or its own name for files in source/ itself. */
function placeOf(path: string): string {
	const [first = "", ...rest] = relative(root, path).split("/");
	return rest.length > 0 ? `${first}/` : first.replace(/\.js$/, ".ts");
}

/**
 * The layers, lowest first, in the order of docs/layout.md's table: each folder (or file in
 * source/ itself) and the places it may import besides itself and node: — statically, lazily with
 * `import()`, or types only. A place imports only places listed above it; `search/`, `import/` and
 * `export/` (one row in the table) not one another, and the modes `print/` and `ui/` not one
 * another. Rows may be narrower than "everything above" where a layer's job says so. `packages` may be imported at run time, `typesOf` only with `import type`.
 */
const TEXT = ["text/"];
const STORE = [...TEXT, "session/", "events/"];
const CORE = [...STORE, "tree/", "llm/", "tools/", "navigation/", "config/", "extensions/"];
const LAYERS: Record<string, { imports: string[]; packages?: string[]; typesOf?: string[] }> = {
	"text/": { imports: [], packages: ["string-width"] },
	"session/": { imports: TEXT },
	// The extension bus and its events: what the layers above fire and extensions handle.
	"events/": { imports: [...TEXT, "session/"] },
	"tree/": { imports: STORE },
	"llm/": { imports: [...STORE, "tree/"], packages: ["ai", "@ai-sdk/anthropic", "@ai-sdk/openai", "@ai-sdk/openai-compatible"], typesOf: ["@ai-sdk/provider"] },
	"tools/": { imports: [...STORE, "tree/", "llm/"], packages: ["ai", "zod", "sharp"] },
	"navigation/": { imports: [...STORE, "tree/", "llm/", "tools/"] },
	"config/": { imports: [...STORE, "tree/", "llm/", "tools/", "navigation/"], packages: ["jsonc-parser", "yaml"] },
	"extensions/": { imports: CORE.slice(0, -1), packages: ["jiti", "zod"] },
	// Store-level features: no model, tools or navigation (the HTML export runs without the AI SDK).
	"search/": { imports: [...STORE, "tree/", "config/"] },
	"import/": { imports: [...STORE, "tree/", "config/"] },
	"export/": { imports: [...STORE, "tree/", "config/"], packages: ["marked", "highlight.js"] },
	// Private git stores of the project's files: no model, tools, navigation or UI.
	"checkpoints/": { imports: [...STORE, "config/"] },
	// The recall tool: the session's tree searched with the search engine (docs/memory.md).
	"recall/": { imports: [...STORE, "tree/", "tools/", "search/"], packages: ["zod"] },
	// The MCP client: servers, approval, the SDK (lazily), their tools in the session's ToolSet; no Ink, no React.
	"mcp/": { imports: CORE, packages: ["@modelcontextprotocol/sdk"], typesOf: ["ai"] },
	// `arbor sync`: sessions and checkpoint trees through the project's git remote; no model, tools, navigation or UI.
	"sync/": { imports: [...STORE, "config/", "checkpoints/"] },
	// The `task` tool's sub-agents: run through a function the core hands them; no Ink, no React.
	"tasks/": { imports: [...STORE, "tree/", "llm/", "tools/"], packages: ["zod"], typesOf: ["ai"] },
	// The headless session core of the non-terminal front ends (RPC, ACP): no Ink, no React.
	// The OS sandbox of bash commands (bwrap, sandbox-exec): tools' wrapper type, nothing above.
	"sandbox/": { imports: [...STORE, "tools/"] },
	"agent/": { imports: [...CORE, "checkpoints/", "recall/", "mcp/", "tasks/", "sandbox/"], typesOf: ["ai"] },
	// Fan-out: N branches at once over the core, each in its own copy of the project.
	"fanout/": { imports: [...CORE, "checkpoints/", "sandbox/", "agent/"] },
	// `arbor acp`: the Agent Client Protocol over the session core; no Ink, no React.
	"acp/": { imports: [...CORE, "agent/", "mcp/", "search/", "checkpoints/", "sync/", "fanout/"], packages: ["@agentclientprotocol/sdk", "zod"] },
	// `arbor mcp serve`: the sessions as an MCP server over the session core; no Ink, no React.
	"mcp-serve/": { imports: [...CORE, "agent/", "search/", "checkpoints/"], packages: ["@modelcontextprotocol/sdk", "zod"] },
	// `arbor -p`: a face over the session core (agent/); never Ink or React.
	"print/": { imports: [...CORE, "agent/"], typesOf: ["ai"] },
	// The subcommands that never run a turn (tree, context, search, checkpoints, compare, import, models, …); never Ink or React.
	"commands/": { imports: [...CORE, "mcp/", "mcp-serve/", "search/", "import/", "export/", "checkpoints/", "sync/", "fanout/"] },
	// `arbor --mode rpc`: pi's JSON-lines protocol over the agent core; never Ink or React.
	"rpc/": { imports: [...CORE, "agent/", "mcp/", "search/", "export/", "checkpoints/", "sync/", "fanout/"] },
	// The chat: a face over the session core (agent/), which runs its turns, compactions and session verbs.
	"ui/": { imports: [...CORE, "mcp/", "search/", "import/", "export/", "checkpoints/", "sync/", "agent/", "tasks/", "fanout/"], packages: ["ink", "react", "@inkjs/ui", "marked", "highlight.js"] },
	"cli.ts": { imports: [...CORE, "mcp/", "search/", "import/", "export/", "checkpoints/", "print/", "commands/", "acp/", "cli-options.ts", "modes.ts"], packages: ["commander"] },
	"cli-options.ts": { imports: CORE, packages: ["commander"] },
	"modes.ts": { imports: [...CORE, "checkpoints/", "print/", "rpc/", "interactive.ts"] },
	"interactive.ts": { imports: [...CORE, "mcp/", "search/", "import/", "export/", "checkpoints/", "tasks/", "agent/", "sandbox/", "print/", "ui/"] },
};

const packageOf = (spec: string) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");

/** Why `spec` (imported by `file` as `kind`) breaks the table, or null when it may. */
function violation(file: string, { spec, kind }: Import): string | null {
	const from = placeOf(file);
	const row = LAYERS[from];
	if (!row) return `${relative(root, file)}: ${from} has no row in the table`;
	const what = `${relative(root, file)} imports ${spec}${kind === "static" ? "" : ` (${kind})`}`;
	if (spec === "<computed>" || spec.startsWith("node:")) return null;
	if (!spec.startsWith(".")) {
		const name = packageOf(spec);
		const ok = row.packages?.includes(name) || (kind === "type" && row.typesOf?.includes(name));
		return ok ? null : `${what}: ${from} may not import the package ${name}`;
	}
	const target = resolve(dirname(file), spec);
	if (relative(root, target).startsWith("..")) return `${what}: outside source/`;
	const to = placeOf(target);
	return to === from || row.imports.includes(to) ? null : `${what}: ${from} may not import ${to}`;
}

describe("layer boundaries (docs/layout.md, docs/style.md)", () => {
	const all = files(root);
	const parsed = new Map(all.map((file) => [file, importsOf(file)]));
	const importsOfFile = (file: string) => parsed.get(file) ?? importsOf(file);

	it("finds static, dynamic and awaited dynamic imports, and type-only ones", () => {
		const text = `import type { A } from "./a.js";\nimport { b } from "./b.js";\nexport { c } from "./c.js";\n// import("./comment.js")\nconst d = () => import("./d.js");\nasync function e() { return await import("./e.js"); }\nimport(name);`;
		expect(importsOf("x.ts", text)).toEqual([
			{ spec: "./a.js", kind: "type" },
			{ spec: "./b.js", kind: "static" },
			{ spec: "./c.js", kind: "static" },
			{ spec: "./d.js", kind: "dynamic" },
			{ spec: "./e.js", kind: "dynamic" },
			{ spec: "<computed>", kind: "dynamic" },
		]);
	});

	it("the table lists the places in the order of docs/layout.md's table, and each imports only places above it", () => {
		const layout = readFileSync(join(root, "../docs/layout.md"), "utf8");
		const rows = [...layout.matchAll(/^\| (.+?) \|/gm)].map((row) => [...row[1]!.matchAll(/`([\w.-]+\/?)`/g)].map((m) => m[1]!));
		expect(rows.flat()).toEqual(Object.keys(LAYERS));
		const rowOf = (place: string) => rows.findIndex((row) => row.includes(place));
		const entry = rowOf("cli.ts");
		for (const [place, { imports }] of Object.entries(LAYERS)) {
			for (const to of imports) expect(rowOf(to) < rowOf(place) || rowOf(place) === entry, `${place} may import ${to}`).toBe(true);
		}
	});

	it("only agent/ runs a turn or compacts around one: no other place imports llm/turn or navigation/compact (types too)", () => {
		// Below the core, the turn's own layers; every face (the chat, print mode, RPC, ACP, the subcommands) reaches them through agent/.
		const below = new Set(["llm/", "navigation/", "agent/"]);
		const turnLevel = ["llm/turn.ts", "navigation/compact.ts"];
		const broken = all.flatMap((file) => {
			if (below.has(placeOf(file))) return [];
			return importsOfFile(file).flatMap(({ spec, kind }) => {
				if (!spec.startsWith(".")) return [];
				const target = relative(root, resolve(dirname(file), spec)).replace(/\.js$/, ".ts");
				const what = `${relative(root, file)} imports ${spec}${kind === "static" ? "" : ` (${kind})`}`;
				return turnLevel.includes(target) ? [`${what}: only agent/ runs turns and their compaction`] : [];
			});
		});
		expect(broken).toEqual([]);
	});

	it("a barrel (index.ts) is its folder's only door, or there is none: no import reaches past one", () => {
		// Folders whose index.ts is the one way in from outside them; none today — every import names the module it needs.
		const doors: string[] = [];
		const barrels = all.filter((file) => /^index\.tsx?$/.test(basename(file))).map((file) => relative(root, dirname(file)));
		expect(barrels, "an index.ts not listed as a door").toEqual(doors);
		const broken = all.flatMap((file) =>
			importsOfFile(file).flatMap(({ spec }) => {
				if (!spec.startsWith(".")) return [];
				const target = relative(root, resolve(dirname(file), spec));
				const door = doors.find((folder) => target.startsWith(`${folder}/`) && !relative(root, file).startsWith(`${folder}/`));
				return door && target !== `${door}/index.js` ? [`${relative(root, file)} imports ${spec} past ${door}/index.ts`] : [];
			}),
		);
		expect(broken).toEqual([]);
	});

	it("every folder and file of source/ has a row in the table", () => {
		const places = [...new Set(all.map(placeOf))].sort();
		expect(places.filter((place) => !(place in LAYERS))).toEqual([]);
		expect(Object.keys(LAYERS).filter((place) => !places.includes(place))).toEqual([]);
	});

	it("imports point down the table — static, lazy import() and type-only alike", () => {
		const broken = all.flatMap((file) => importsOfFile(file).map((imp) => violation(file, imp)).filter((v) => v !== null));
		expect(broken).toEqual([]);
	});

	it("session/ is the store: no React, Ink or AI SDK, not even types, and nothing from the layers above", () => {
		expect(LAYERS["session/"]!.imports).toEqual(["text/"]);
		for (const file of all.filter((f) => placeOf(f) === "session/")) {
			for (const { spec } of importsOfFile(file)) {
				expect(/^(ink|react|@inkjs\/|ai$|@ai-sdk\/)/.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
			}
		}
	});

	it("only ui/ imports Ink or React; only llm/ and tools/ import the AI SDK at run time", () => {
		for (const [place, row] of Object.entries(LAYERS)) {
			if (place !== "ui/") expect(row.packages ?? [], place).not.toContain("ink");
			if (place !== "ui/") expect(row.packages ?? [], place).not.toContain("react");
			if (place !== "llm/" && place !== "tools/") expect((row.packages ?? []).filter((p) => p === "ai" || p.startsWith("@ai-sdk/")), place).toEqual([]);
		}
	});

	it("jiti (the extension loader) is only imported lazily, by extensions/load.ts", () => {
		for (const file of all) {
			for (const { kind } of importsOfFile(file).filter((imp) => imp.spec === "jiti")) {
				expect(`${relative(root, file)} ${kind}`).toBe("extensions/load.ts dynamic");
			}
		}
	});

	it("a computed import() (which the table cannot check) is only the export page's source-only bundler and /reload's import of a user's extension file", () => {
		const computed = all.filter((file) => importsOfFile(file).some((imp) => imp.spec === "<computed>"));
		expect(computed.map((file) => relative(root, file))).toEqual(["export/page-assets.ts", "extensions/load.ts"]);
	});

	it("cli.ts loads modes lazily: its static imports are commander, node:module (the compile cache) and small local modules", () => {
		const specs = importsOfFile(join(root, "cli.ts")).filter((imp) => imp.kind === "static").map((imp) => imp.spec);
		expect(specs.filter((s) => !s.startsWith("./"))).toEqual(["commander", "node:module"]);
		expect(specs.filter((s) => s.startsWith("./"))).toEqual(["./cli-options.js", "./config/errors.js"]);
	});

	it("no process.exit outside cli.ts and no console.* inside ui/", () => {
		for (const file of all) {
			const text = readFileSync(file, "utf8");
			if (!file.endsWith("/cli.ts")) expect(/process\.exit\(/.test(text), relative(root, file)).toBe(false);
			if (placeOf(file) === "ui/") expect(/\bconsole\./.test(text), relative(root, file)).toBe(false);
		}
	});
});
