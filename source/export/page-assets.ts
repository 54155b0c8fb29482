/**
 * The page script. The built CLI carries it as a constant (scripts/build.mjs bundles
 * source/export/page/ with esbuild); running from source it is bundled on first use.
 */
declare const ARBOR_EXPORT_PAGE: string | undefined;

let cached: Promise<string> | undefined;

async function bundleFromSource(): Promise<string> {
	// Only reached when running the TypeScript sources (tests); the bundle never takes this path.
	const url = new URL("../../scripts/page-bundle.mjs", import.meta.url);
	const mod = (await import(url.href)) as { bundlePage(): Promise<string> };
	return mod.bundlePage();
}

/** The minified page script, safe to place inside `<script>…</script>`. */
export function pageScript(): Promise<string> {
	if (typeof ARBOR_EXPORT_PAGE === "string") return Promise.resolve(ARBOR_EXPORT_PAGE);
	cached ??= bundleFromSource();
	return cached;
}
