/**
 * `arbor export`: one self-contained HTML file. The session's entries are embedded as JSON in a
 * non-executed `<script type="application/json">` (every `<` written as \u003c by export-data.ts,
 * so no text can end the element); the page's own script (source/export/page/) rebuilds the tree with the same
 * session modules as `/tree` and renders everything as text nodes. A Content-Security-Policy
 * admits only the page's own script and style (by hash) and `data:` images: no request can leave.
 */
import { createHash } from "node:crypto";
import type { SessionTreeView } from "../session/api.js";
import type { ByteBatch } from "../session/raw-lines.js";
import { writeExportData } from "./export-data.js";
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

function contentSecurityPolicy(script: string, style: string): string {
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
<main id="conversation" class="conversation"><p class="path-notice">Loading the session…</p></main>
</div>
<noscript><p>This page needs JavaScript to show the session.</p></noscript>`;
}

/**
 * The whole page for `view`, as a function writing it in order into a ByteBatch (the data part is
 * raw session bytes read in chunks, see export-data.ts); `file` is the session file's name, the
 * title when the session has no name.
 */
export async function exportHtml(view: SessionTreeView, file: string): Promise<(out: ByteBatch) => void> {
	const script = await pageScript();
	const style = PAGE_STYLE;
	const head = [
		"<!doctype html>",
		'<html lang="en"><head><meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(script, style)}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		'<meta name="referrer" content="no-referrer">',
		"<title>arbor session</title>",
		`<style>${style}</style>`,
		"</head><body>",
		shell(),
		'<script id="arbor-data" type="application/json">',
	].join("\n");
	const tail = `</script>\n<script>${script}</script>\n</body></html>\n`;
	return (out) => {
		out.push(Buffer.from(head));
		writeExportData(view, file, out);
		out.push(Buffer.from(tail));
	};
}
