/// <reference lib="dom" />
/** Entry of the export page's script (bundled by scripts/page-bundle.mjs): read the data, start. */
import { App, type ExportData } from "./app.js";

function boot(): void {
	const source = document.getElementById("arbor-data");
	const data = JSON.parse(source?.textContent ?? "null") as ExportData | null;
	if (!data || !Array.isArray(data.entries)) throw new Error("no session data in this page");
	new App(data).start();
}

boot();
