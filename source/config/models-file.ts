/**
 * `$ARBOR_HOME/models.json` in pi's shape, so a pi user's file works unchanged:
 * `{ "providers": { "<name>": { baseUrl, api, apiKey, headers, compat, modelOverrides, models: [{ id,
 * name, api, baseUrl, contextWindow, maxTokens, reasoning, input, cost, headers, compat }] } } }`
 * (models-fields.ts reads them). A wrong value is a configuration error (exit 2) naming the file,
 * the line and the field; a part arbor cannot use is one warning on stderr.
 */
import { join } from "node:path";
import type { ProviderInfo } from "../llm/model-catalog.js";
import { fieldName, Invalid, readProviders, type Segment } from "./models-fields.js";
import { readConfigText } from "./config-file.js";
import { usageError } from "./errors.js";

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
	let line = 1;
	for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
	return line;
}

/**
 * Reads the user's models.json: none is an empty list; a broken one is a usage error (exit 2)
 * `…/models.json:12: providers.ollama.models[0].contextWindow must be …`. jsonc-parser (loaded only
 * when the file exists) gives each field's line.
 */
export async function loadModelsFile(home: string, warn: (line: string) => void = warnOnce): Promise<ProviderInfo[]> {
	const file = join(home, "models.json");
	const text = readConfigText(file);
	if (text === undefined) return [];
	const { findNodeAtLocation, parseTree, printParseErrorCode } = await import("jsonc-parser");
	const errors: import("jsonc-parser").ParseError[] = [];
	const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
	const first = errors[0];
	if (first || !tree) {
		const where = first ? `:${lineAt(text, first.offset)}` : "";
		throw usageError(`${file}${where}: invalid JSON (${first ? printParseErrorCode(first.error) : "empty file"})`);
	}
	const at = (path: Segment[]) => {
		const node = findNodeAtLocation(tree, path) ?? findNodeAtLocation(tree, path.slice(0, -1));
		return node ? `:${lineAt(text, node.offset)}` : "";
	};
	try {
		return readProviders(JSON.parse(text), (path, message) => warn(`${file}${at(path)}: ${fieldName(path)} ${message}`));
	} catch (error) {
		if (!(error instanceof Invalid)) throw error;
		const { path, message } = error.problem;
		const field = path.length ? `${fieldName(path)} ` : "";
		throw usageError(`${file}${at(path)}: ${field}${message}`);
	}
}

const warned = new Set<string>();

/** A warning on stderr, once per process (the file is read by every part that resolves models). */
function warnOnce(line: string): void {
	if (warned.has(line)) return;
	warned.add(line);
	process.stderr.write(`arbor: warning: ${line}\n`);
}
