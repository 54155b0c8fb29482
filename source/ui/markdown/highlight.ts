/**
 * The highlighter, loaded on demand: highlight.js is a separate chunk imported when the first code
 * block is shown, never before the first frame, and not at all when colour is off (NO_COLOR).
 */
import { colourDisabled } from "../../text/terminal-colour.js";
import type { Highlight } from "./markdown.js";

let loaded: Highlight | undefined;
let loading: Promise<Highlight | undefined> | undefined;

/** The highlighter if it has been loaded, else undefined (code is then shown plain). */
export function currentHighlighter(): Highlight | undefined {
	return loaded;
}

/** Loads the highlighter once; resolves undefined when colour is off or loading failed. */
export function loadHighlighter(env: NodeJS.ProcessEnv = process.env): Promise<Highlight | undefined> {
	if (colourDisabled(env)) return Promise.resolve(undefined);
	loading ??= import("./highlight-code.js").then(
		(m) => (loaded = m.highlightCode),
		// Highlighting is decoration: without it code still shows, plain.
		(error: unknown) => (void error, undefined),
	);
	return loading;
}
