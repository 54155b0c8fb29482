/**
 * Drives the system Chromium for the export tests. When no browser is installed the browser
 * tests are skipped with a reason printed (never passed silently); .ci/run installs `chromium`.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.ARBOR_CHROMIUM ?? "/usr/bin/chromium";
export const HAVE_BROWSER = existsSync(CHROMIUM);
export const NO_BROWSER_REASON = `no browser at ${CHROMIUM}: the HTML export browser tests are SKIPPED (install chromium, as .ci/run does, or set ARBOR_CHROMIUM)`;

/** Screenshots are kept here (gitignored) for people to look at. */
export const ARTIFACTS = join(import.meta.dirname, "../../.artifacts/export");

export function launch(): Promise<Browser> {
	mkdirSync(ARTIFACTS, { recursive: true });
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
	});
}

/** What a page did that a test must see: every request, dialogs, script errors. */
export type Opened = { page: Page; requests: string[]; dialogs: string[]; errors: string[] };

/** Opens an exported file (optionally at `#hash`) and waits until the conversation is rendered. */
export async function openExport(browser: Browser, file: string, opts: { width: number; height: number; hash?: string }): Promise<Opened> {
	const page = await browser.newPage({ viewport: { width: opts.width, height: opts.height } });
	const seen: Opened = { page, requests: [], dialogs: [], errors: [] };
	page.on("request", (r) => seen.requests.push(r.url()));
	page.on("pageerror", (e) => seen.errors.push(e.message));
	page.on("dialog", (d) => {
		seen.dialogs.push(d.message());
		void d.dismiss();
	});
	const url = pathToFileURL(file).href + (opts.hash ? `#${opts.hash}` : "");
	await page.goto(url);
	await page.waitForSelector("#conversation[data-selected-id]");
	return seen;
}

/** data-entry-id of every block in the conversation pane, in order. */
export function paneIds(page: Page): Promise<string[]> {
	return page.$$eval("#conversation [data-entry-id]", (els) => els.map((e) => (e as HTMLElement).dataset.entryId ?? ""));
}

/** Every row id of the virtual list, collected by scrolling it from top to bottom. */
export async function allRowIds(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const tree = document.getElementById("tree")!;
		const ids: string[] = [];
		const total = Number(tree.dataset.rowCount);
		for (let top = 0; ; top += tree.clientHeight) {
			tree.scrollTop = top;
			tree.dispatchEvent(new Event("scroll"));
			await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
			for (const row of tree.querySelectorAll<HTMLElement>(".row")) ids[Number.parseInt(row.style.top, 10) / 22] = row.dataset.entryId!;
			if (top + tree.clientHeight >= tree.scrollHeight) break;
		}
		return ids.length === total ? ids : [...ids, `(expected ${total} rows)`];
	});
}
