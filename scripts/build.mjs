// Bundles source/cli.ts into dist/ with esbuild. Code splitting keeps Ink/React and the AI SDK
// in chunks that only the modes needing them import, so subcommands and --version start fast.
import { build } from "esbuild";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { bundlePage } from "./page-bundle.mjs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// Build beside dist/ and swap it in, so a test running the old bundle never sees a half-written one.
const dist = new URL("../dist", import.meta.url);
const staging = new URL(`../.dist-${process.pid}`, import.meta.url);
// The HTML export's page script (browser) is bundled first and compiled in as a constant.
const exportPage = await bundlePage();
const common = {
	bundle: true,
	format: "esm",
	platform: "node",
	target: "node20",
	sourcemap: false,
	legalComments: "none",
	minify: true,
	// jiti loads its own babel build from its package folder at run time, so it cannot be bundled;
	// it is imported only when an extension exists. yaml (prompt templates' and skills' front
	// matter) is loaded from node_modules when a file has front matter: bundled, it would be
	// parsed with print-mode.js on every start. sharp (pictures made smaller) is native code.
	external: ["react-devtools-core", "jiti", "yaml", "sharp"],
	// jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ES build bundles.
	alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
	define: {
		ARBOR_VERSION: JSON.stringify(pkg.version),
		ARBOR_EXPORT_PAGE: JSON.stringify(exportPage),
		"process.env.DEV": '"false"',
		"process.env.NODE_ENV": '"production"',
	},
	banner: {
		js: "import { createRequire as __arborCreateRequire } from 'node:module'; const require = __arborCreateRequire(import.meta.url);",
	},
	logLevel: "warning",
};
/**
 * A module of the main build that is bundled whole, as a file of its own: the main build's
 * `import(specifier)` (only from `importer`, when given) is pointed at `target`, relative to the
 * importing chunk (cli.js sits in dist/, the others in dist/chunks/).
 */
function bundledApart(name, specifier, target, importer) {
	const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
	return {
		name,
		setup(b) {
			b.onResolve({ filter }, (args) => {
				if (importer && !args.importer.endsWith(importer)) throw new Error(`${specifier} imported from ${args.importer}: only ${importer} may`);
				return { path: target, external: true };
			});
		},
	};
}
/**
 * `arbor search` and its worker thread are bundled whole, each one file (dist/search-command.js,
 * dist/search-worker.js): loading the ~20 shared chunks the search would import cost ~15 ms of its
 * start-up, and as much again in each worker. cli.ts's `import("./commands/search-command.js")` is
 * pointed at that file.
 */
const searchApart = bundledApart("search-apart", "./commands/search-command.js", "./search-command.js");
await build({
	...common,
	entryPoints: { "search-command": "source/commands/search-command.ts", "search-worker": "source/search/search-worker.ts" },
	outdir: staging.pathname,
	splitting: false,
});
/**
 * `arbor import` is one file too (dist/import-command.js): its ~15 chunks cost ~10 ms of a start that
 * the import's floor (read, parse, write) does not have. cli.ts's import is pointed at it.
 */
const importApart = bundledApart("import-apart", "./commands/import-command.js", "./import-command.js");
await build({
	...common,
	entryPoints: { "import-command": "source/commands/import-command.ts" },
	outdir: staging.pathname,
	splitting: false,
});
/**
 * zod's error messages in 40 languages are all bundled by `export * as locales` (zod/v4/classic and
 * core), ~170 KB that print mode parsed on every start; arbor sets no locale (zod's default is
 * English), so the locales' index keeps English alone.
 */
const zodEnglish = {
	name: "zod-english",
	setup(b) {
		b.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";' }));
	},
};
/**
 * The AI SDK's default provider, Vercel's AI Gateway (@ai-sdk/gateway, ~85 KB that every print run
 * compiled and evaluated), serves only a model given by name; arbor always hands the SDK a model
 * object (llm/provider-model.ts). In its place: what the SDK imports of it, a gateway that refuses
 * to be used and error classes that no error is an instance of.
 */
const noGateway = {
	name: "no-gateway",
	setup(b) {
		b.onResolve({ filter: /^@ai-sdk\/gateway$/ }, () => ({ path: "gateway", namespace: "no-gateway" }));
		b.onLoad({ filter: /.*/, namespace: "no-gateway" }, () => ({
			contents: [
				'const refuse = () => { throw new Error("arbor does not use the AI Gateway: give a model object"); };',
				"export const gateway = new Proxy(refuse, { get: refuse });",
				"export const createGateway = refuse;",
				"export class GatewayError extends Error { static isInstance() { return false; } }",
				"export class GatewayAuthenticationError extends GatewayError {}",
			].join("\n"),
			loader: "js",
		}));
	},
};
/**
 * The AI SDK holds its own copy of @ai-sdk/provider-utils (a patch release newer than the one the
 * providers name): bundled twice, a `-p` run compiled and evaluated both (~45 KB more). Every
 * importer gets the SDK's copy.
 */
const providerUtilsOnce = {
	name: "provider-utils-once",
	setup(b) {
		const own = new URL("../node_modules/ai/node_modules/@ai-sdk/provider-utils/dist/index.mjs", import.meta.url).pathname;
		if (existsSync(own)) b.onResolve({ filter: /^@ai-sdk\/provider-utils$/ }, () => ({ path: own }));
	},
};
/**
 * @ai-sdk/provider-utils imports one thing of zod 3, the names of its schema kinds (to convert a zod
 * 3 schema to JSON Schema; arbor's are zod 4), but bundling `zod/v3` for it brought all of zod 3
 * (~56 KB that every `-p` run compiled and evaluated). It gets those names alone, taken from zod 3.
 */
const { ZodFirstPartyTypeKind } = await import("zod/v3");
const zod3Kinds = {
	name: "zod3-kinds",
	setup(b) {
		b.onResolve({ filter: /^zod\/v3$/ }, (args) => (/[\\/]@ai-sdk[\\/]provider-utils[\\/]/.test(args.importer) ? { path: "zod3-kinds", namespace: "zod3-kinds" } : undefined));
		b.onLoad({ filter: /.*/, namespace: "zod3-kinds" }, () => ({ contents: `export const ZodFirstPartyTypeKind = ${JSON.stringify(ZodFirstPartyTypeKind)};`, loader: "js" }));
	},
};
/**
 * Print mode (`arbor -p`, which scripts run in loops) is dist/print-mode.js and a few files in
 * dist/print/. Its ~60 chunks of the shared build cost ~40 ms of CPU per start (resolving, reading,
 * compiling each module), one 1.5 MB file ~100 ms of compiling. So it is built in two steps: first
 * arbor's own modules into one module (their lazy imports stay lazy inside it), the packages left
 * as imports; then that module with the packages, split only where a package is imported lazily (the
 * openai and anthropic providers, the MCP client, jsonc-parser), each package once. A run with a
 * local model and no MCP server compiles about half as much. modes.ts's
 * `import("./print/print-mode.js")` (in dist/chunks/) is pointed at it.
 */
const printApart = bundledApart("print-apart", "./print/print-mode.js", "../print-mode.js", "modes.ts");
const printOwn = new URL("print-own.mjs", `${staging.href}/`).pathname;
await build({ ...common, alias: {}, define: { ...common.define }, banner: {}, minify: false, packages: "external", entryPoints: ["source/print/print-mode.ts"], outfile: printOwn, splitting: false });
await build({
	...common,
	entryPoints: { "print-mode": printOwn },
	outdir: staging.pathname,
	splitting: true,
	chunkNames: "print/[name]-[hash]",
	plugins: [zodEnglish, noGateway, providerUtilsOnce, zod3Kinds],
});
rmSync(printOwn);
/**
 * commander requires node:child_process at its top for subcommands that are executables of their
 * own, which arbor has none of; loading it (with net, dgram…) cost ~5 ms of every start. commander
 * gets a stand-in that loads the module when a property of it is first read.
 */
const lazyChildProcess = {
	name: "lazy-child-process",
	setup(b) {
		b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
			/[\\/]commander[\\/]/.test(args.importer) ? { path: "child_process", namespace: "lazy-child-process" } : undefined,
		);
		b.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
			contents: 'let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require("node:child_process"))[key] });',
			loader: "js",
		}));
	},
};
await build({
	...common,
	entryPoints: ["source/cli.ts"],
	outdir: staging.pathname,
	splitting: true,
	chunkNames: "chunks/[name]-[hash]",
	plugins: [searchApart, importApart, printApart, zodEnglish, noGateway, providerUtilsOnce, zod3Kinds, lazyChildProcess],
});
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
