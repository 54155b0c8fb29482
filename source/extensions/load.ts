import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { oneLine } from "../text/one-line.js";
import type { Extension } from "./types.js";
import { errorMessage } from "../text/error-text.js";

/** A module's default export, or why there is none (one line). */
type LoadedModule = { ok: true; factory: Extension } | { ok: false; reason: string };

type Importer = (file: string) => Promise<unknown>;
let importer: Promise<Importer> | undefined;

/**
 * jiti (TypeScript without a build step) is imported here, on the first extension, so a run
 * without extensions never loads it.
 */
function getImporter(): Promise<Importer> {
	importer ??= import("jiti").then(({ createJiti }) => {
		const jiti = createJiti(import.meta.url, { interopDefault: false, moduleCache: false });
		return (file: string) => jiti.import(file);
	});
	return importer;
}

/** An error's message on one line (a parse error's location is on its second line), at most 300 characters. */
export function reasonOf(error: unknown): string {
	const text = oneLine(safeText(error, errorMessage));
	return (text.length > 300 ? `${text.slice(0, 299)}…` : text) || "unknown error";
}

/**
 * Any value an extension hands over as text (a thrown value, a notice): String(value), or a
 * description when that throws (a throwing toString or message getter, a revoked Proxy).
 */
export function safeText(value: unknown, pick: (value: unknown) => unknown = (v) => v): string {
	try {
		return String(pick(value));
	} catch {
		return "a value that cannot be shown as text";
	}
}

/**
 * Whether Node loads `file` itself as an ES module (jiti hands those to Node's `import`, which
 * keeps a module once loaded): `.mjs`, or `.js` whose nearest package.json says `"type": "module"`.
 */
function nativeEsm(file: string): boolean {
	if (file.endsWith(".mjs")) return true;
	if (!file.endsWith(".js")) return false;
	for (let dir = dirname(file); ; dir = dirname(dir)) {
		const pkg = join(dir, "package.json");
		if (existsSync(pkg)) {
			try {
				return (JSON.parse(readFileSync(pkg, "utf8")) as { type?: unknown }).type === "module";
			} catch {
				return false;
			}
		}
		if (dirname(dir) === dir) return false;
	}
}

let reloads = 0;

/**
 * Imports one extension module; never throws. `fresh` (/reload): the file is read again — jiti
 * keeps no module, and a module Node loads itself is imported under a new URL (the modules it
 * imports in turn stay as first loaded).
 */
export async function importExtension(file: string, fresh = false): Promise<LoadedModule> {
	if (!existsSync(file)) return { ok: false, reason: "no such file" };
	let mod: unknown;
	try {
		mod = fresh && nativeEsm(file) ? await import(`${pathToFileURL(file).href}?arbor-reload=${++reloads}`) : await (await getImporter())(file);
	} catch (error) {
		return { ok: false, reason: `failed to load: ${reasonOf(error)}` };
	}
	const factory = (mod as { default?: unknown } | undefined)?.default;
	if (typeof factory !== "function") return { ok: false, reason: "no default export function" };
	return { ok: true, factory: factory as Extension };
}
