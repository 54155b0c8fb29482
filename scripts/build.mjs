// Bundles source/cli.ts into dist/ with esbuild. Code splitting keeps Ink/React and the AI SDK
// in chunks that only the modes needing them import, so subcommands and --version start fast.
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
await build({
	entryPoints: ["source/cli.ts"],
	outdir: "dist",
	bundle: true,
	splitting: true,
	format: "esm",
	platform: "node",
	target: "node20",
	sourcemap: false,
	legalComments: "none",
	chunkNames: "chunks/[name]-[hash]",
	external: ["react-devtools-core"],
	define: { ARBOR_VERSION: JSON.stringify(pkg.version), "process.env.DEV": '"false"' },
	banner: {
		js: "import { createRequire as __arborCreateRequire } from 'node:module'; const require = __arborCreateRequire(import.meta.url);",
	},
	logLevel: "warning",
});
