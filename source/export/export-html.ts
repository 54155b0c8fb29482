/**
 * `arbor export`: one self-contained HTML file. The session's entries are embedded as JSON in a
 * non-executed `<script type="application/json">` (every `<` written as \u003c, so no text can end
 * the element); the page's own script (source/export/page/) rebuilds the tree with the same
 * session modules as `/tree` and renders everything as text nodes. A Content-Security-Policy
 * admits only the page's own script and style (by hash) and `data:` images: no request can leave.
 */
import { createHash } from "node:crypto";
import type { SessionTreeView } from "../session/api.js";
import { pageScript } from "./page-assets.js";
import { PAGE_STYLE } from "./page-style.js";

const FILTER_BUTTONS: readonly [string, string][] = [
	["default", "Default"],
	["user", "User only"],
	["no-tools", "No tools"],
	["labeled", "Labelled"],
	["all", "All"],
];

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The embedded data: JSON with `<` escaped, so `</script>` or `<!--` in any message stays text. */
export function exportData(view: SessionTreeView, file: string): string {
	const data = { header: view.header, leafId: view.leafId, file, entries: view.entries };
	return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function contentSecurityPolicy(script: string, style: string): string {
	return `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(style)}; img-src data:; base-uri 'none'; form-action 'none'`;
}

function shell(): string {
	const filters = FILTER_BUTTONS.map(
		([id, text]) => `<button type="button" data-filter="${id}" aria-pressed="${id === "default"}">${text}</button>`,
	).join("");
	return `<div id="app" class="app">
<header class="bar"><button id="toggle-sidebar" type="button" aria-controls="sidebar" aria-expanded="true">☰ Tree</button><h1 id="title">arbor session</h1><button id="back-to-leaf" type="button">Back to leaf</button></header>
<aside id="sidebar" class="sidebar" aria-label="Session tree"><div class="filters" role="group" aria-label="Filter">${filters}</div>
<input id="search" type="search" placeholder="Search the tree" aria-label="Search the tree" autocomplete="off">
<div id="tree" class="tree" role="listbox" aria-label="Entries" tabindex="0"><span id="char-probe" aria-hidden="true">MMMMMMMMMM</span></div>
<div id="tree-status" class="status" aria-live="polite"></div></aside>
<main id="conversation" class="conversation"></main>
</div>
<noscript><p>This page needs JavaScript to show the session.</p></noscript>`;
}

/** The whole page for `view`; `file` is the session file's name shown as the title when unnamed. */
export async function exportHtml(view: SessionTreeView, file: string): Promise<string> {
	const script = await pageScript();
	const style = PAGE_STYLE;
	return [
		"<!doctype html>",
		'<html lang="en"><head><meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(script, style)}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		'<meta name="referrer" content="no-referrer">',
		"<title>arbor session</title>",
		`<style>${style}</style>`,
		"</head><body>",
		shell(),
		`<script id="arbor-data" type="application/json">${exportData(view, file)}</script>`,
		`<script>${script}</script>`,
		"</body></html>",
		"",
	].join("\n");
}
