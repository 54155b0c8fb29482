// Bundles the HTML export page's script (source/export/page/main.ts) for the browser. Used by
// build.mjs (the result is compiled into the CLI as ARBOR_EXPORT_PAGE) and, when arbor runs from
// source (tests), by source/export/page-assets.ts.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../source/export/page/main.ts", import.meta.url));

/**
 * Text that could end or re-enter an HTML <script> element. In minified code these only occur
 * inside string, template and regex literals, where \x3C means the same `<`.
 */
const UNSAFE_IN_SCRIPT = /<(?=!--|\/?script)/gi;

/** The page script as one minified IIFE, safe to place inside <script>…</script>. */
export async function bundlePage() {
	const result = await build({
		entryPoints: [entry],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2020",
		minify: true,
		legalComments: "none",
		logLevel: "warning",
	});
	const js = result.outputFiles[0].text.replace(UNSAFE_IN_SCRIPT, "\\x3C");
	if (/<\/script|<!--/i.test(js)) throw new Error("page script still holds </script or <!--");
	return js;
}
