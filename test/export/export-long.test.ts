/** A long session in the browser: the list is virtual and a long path shows its newest part first. */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATH_WINDOW } from "../../source/export/page/conversation.js";
import { SHOWN_TYPES } from "../../source/export/page/entry-view.js";
import { entryType } from "../../source/session/entry-guards.js";
import { SessionStore } from "../../source/session/store.js";
import { runCli } from "../helpers/cli.js";
import { GEN_SESSION } from "../helpers/shared.js";
import { HAVE_BROWSER, launch, NO_BROWSER_REASON, openExport, paneIds } from "./browser.js";

if (!HAVE_BROWSER) console.warn(`SKIPPED: ${NO_BROWSER_REASON}`);

describe.skipIf(!HAVE_BROWSER)("a 3,000-entry linear session in the exported page", { timeout: 90_000 }, () => {
	let browser: Browser;
	let html: string;
	let file: string;

	beforeAll(async () => {
		const dir = mkdtempSync(join(tmpdir(), "arbor-export-long-"));
		file = join(dir, "linear.jsonl");
		execFileSync(process.execPath, [GEN_SESSION, "--out", file, "--kind", "linear", "--n", "3000"]);
		html = join(dir, "linear.html");
		expect((await runCli(["export", file, html], { cwd: dir })).code).toBe(0);
		browser = await launch();
	});
	afterAll(async () => browser?.close());

	it("keeps only a window of rows in the DOM and renders the newest part of the path until asked", async () => {
		const { page, errors } = await openExport(browser, html, { width: 1280, height: 800 });
		const view = SessionStore.open(file).snapshot();
		const path = view.getPath(view.leafId).filter((e) => SHOWN_TYPES.has(entryType(e))).map((e) => e.id);
		expect(path.length).toBeGreaterThan(PATH_WINDOW);
		expect(Number(await page.getAttribute("#tree", "data-row-count"))).toBeGreaterThan(1000);
		expect(await page.locator("#tree .row").count()).toBeLessThan(100);
		expect(await paneIds(page)).toEqual(path.slice(-PATH_WINDOW));
		await page.click("#show-all");
		expect(await paneIds(page)).toEqual(path);
		expect(errors).toEqual([]);
	});
});
