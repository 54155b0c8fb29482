/** Hostile text in an exported page: shown as text, never run, never fetched. */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { runCli } from "../helpers/cli.js";
import { ARTIFACTS, HAVE_BROWSER, launch, NO_BROWSER_REASON, openExport } from "./browser.js";
import { XSS_ANSWER, XSS_LABEL, XSS_USER, xssSession } from "./xss-session.js";

if (!HAVE_BROWSER) console.warn(`SKIPPED: ${NO_BROWSER_REASON}`);

describe.skipIf(!HAVE_BROWSER)("hostile session text in the exported page", { timeout: 90_000 }, () => {
	let browser: Browser;
	let html: string;
	let ids: { userId: string; answerId: string };

	beforeAll(async () => {
		const s = xssSession();
		ids = s;
		html = join(s.dir, "xss.html");
		expect((await runCli(["export", s.file, html], { cwd: s.dir })).code).toBe(0);
		browser = await launch();
	});
	afterAll(async () => browser?.close());

	it("markup and </script> in messages and labels show as text; no dialog, no request, no element from them", async () => {
		const { page, dialogs, requests, errors } = await openExport(browser, html, { width: 1280, height: 800 });
		const user = page.locator(`#conversation [data-entry-id="${ids.userId}"]`);
		expect(await user.innerText()).toContain(XSS_USER);
		expect(await user.locator(".head .label").innerText()).toBe(XSS_LABEL);
		const answer = page.locator(`#conversation [data-entry-id="${ids.answerId}"]`);
		const text = await answer.innerText();
		expect(text).toContain("</script>");
		expect(text).toContain('<b onmouseover=alert(4)>');
		expect(text).toContain("<script>alert(5)</script>");
		expect(await page.locator("#conversation img, #conversation script, #conversation b, #conversation a").count()).toBe(0);
		const row = page.locator(`#tree .row[data-entry-id="${ids.userId}"]`);
		// The row cuts the label to the sidebar's width, as /tree does; the tooltip holds all of it.
		expect(await row.locator(".label").textContent()).toMatch(/^\[<img src=x onerror=alert/);
		expect(await row.getAttribute("title")).toContain(`[${XSS_LABEL}]`);
		expect(await row.locator("img").count()).toBe(0);
		await answer.hover();
		await page.locator("#conversation").click();
		await page.screenshot({ path: join(ARTIFACTS, "xss-1280x800.png") });
		expect(dialogs).toEqual([]);
		expect(errors).toEqual([]);
		expect(requests).toEqual([`file://${html}`]);
		expect(XSS_ANSWER).toContain("javascript:");
	});

	it("an attached PNG shows from its data: bytes; another type or odd bytes stay text", async () => {
		const s = xssSession();
		const store = SessionStore.open(s.file, { write: true });
		const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
		const content = [
			{ type: "text" as const, text: "pictures" },
			{ type: "image" as const, data: png, mimeType: "image/png" },
			{ type: "image" as const, data: png, mimeType: "image/svg+xml" },
			{ type: "image" as const, data: 'x" onerror="alert(7)', mimeType: "image/png" },
		];
		const entry = store.appendMessage({ role: "user", content, timestamp: Date.now() });
		store.close();
		const out = join(s.dir, "img.html");
		expect((await runCli(["export", s.file, out], { cwd: s.dir })).code).toBe(0);
		const { page, dialogs, requests } = await openExport(browser, out, { width: 1280, height: 800 });
		const block = page.locator(`#conversation [data-entry-id="${entry.id}"]`);
		expect(await block.locator("img").count()).toBe(1);
		expect(await block.locator("img").getAttribute("src")).toBe(`data:image/png;base64,${png}`);
		expect(await block.innerText()).toContain("[image image/svg+xml]");
		expect(await page.evaluate(() => (document.querySelector("#conversation img") as HTMLImageElement).naturalWidth)).toBe(1);
		expect(dialogs).toEqual([]);
		expect(requests.filter((u) => !u.startsWith("data:"))).toEqual([`file://${out}`]);
	});
});
