/**
 * The exported page in a real browser (system Chromium via playwright-core): rows against
 * `arbor tree`, paths against the store, back to leaf, hash links, the narrow layout, hostile
 * text, and no network. Screenshots go to .artifacts/export/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryType } from "../../source/session/entry-guards.js";
import { SessionStore } from "../../source/session/store.js";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { allRowIds, ARTIFACTS, HAVE_BROWSER, launch, NO_BROWSER_REASON, openExport, paneIds } from "./browser.js";

/**
 * Waits poll from the test (page.getAttribute), never page.waitForFunction: the page's
 * Content-Security-Policy forbids eval, which waitForFunction needs once its first check fails.
 */
const WAIT = { timeout: 20_000 };

const SHOWN = new Set(["message", "custom_message", "branch_summary", "compaction", "model_change", "thinking_level_change"]);
type JsonNode = { id: string; children: JsonNode[] };
const preorder = (nodes: JsonNode[]): string[] => nodes.flatMap((n) => [n.id, ...preorder(n.children)]);

if (!HAVE_BROWSER) console.warn(`SKIPPED: ${NO_BROWSER_REASON}`);

/**
 * The sidebar list after it opened: it measures itself and scrolls to the selected row (a
 * ResizeObserver, then a frame). A click read before that lands where a row was, not where it is.
 */
async function listSettled(page: Page): Promise<void> {
	await page.locator('#tree .row[aria-selected="true"]').waitFor();
	await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
}

describe.skipIf(!HAVE_BROWSER)("the exported page in Chromium", { timeout: 90_000 }, () => {
	let browser: Browser;
	let html: string;
	let session: string;
	const pathIds = (id: string) => SessionStore.open(session).snapshot().getPath(id).filter((e) => SHOWN.has(entryType(e))).map((e) => e.id);
	const treeIds = async (args: string[]) => preorder(JSON.parse((await runCli(["tree", session, "--json", ...args])).stdout).roots);
	/** `arbor tree --json` for every filter and the search, run side by side while the browser starts. */
	let cliRows: Promise<Record<string, string[]>>;
	const FILTERS = ["default", "user", "no-tools", "labeled", "all"] as const;
	const SEARCH = "summary react";

	beforeAll(async () => {
		const { dir, file } = fixtureCopy("pi-tree-session.jsonl");
		session = file;
		html = join(dir, "tree.html");
		const run = await runCli(["export", file, html], { cwd: dir });
		expect(run.code).toBe(0);
		cliRows = Promise.all([...FILTERS.map((f) => treeIds(["--filter", f])), treeIds(["--search", SEARCH])]).then((all) =>
			Object.fromEntries(all.map((ids, i) => [FILTERS[i] ?? "search", ids])),
		);
		browser = await launch();
	});
	afterAll(async () => browser?.close());

	it("shows the leaf's path, marks the leaf row, makes no request but the file itself (1280×800 screenshot)", async () => {
		const { page, requests, errors } = await openExport(browser, html, { width: 1280, height: 800 });
		const leaf = SessionStore.open(session).snapshot().leafId!;
		expect(await paneIds(page)).toEqual(pathIds(leaf));
		expect(await page.getAttribute(`#tree .row[data-entry-id="${leaf}"]`, "data-leaf")).toBe("");
		expect(await page.getAttribute(`#tree .row[data-entry-id="${leaf}"]`, "aria-selected")).toBe("true");
		await page.screenshot({ path: join(ARTIFACTS, "tree-1280x800.png") });
		expect(requests).toEqual([`file://${html}`]);
		expect(errors).toEqual([]);
	});

	it("has arbor tree's rows for every filter, and for a search", async () => {
		const { page, requests } = await openExport(browser, html, { width: 1280, height: 800 });
		const rows = await cliRows;
		for (const filter of FILTERS) {
			await page.click(`[data-filter="${filter}"]`);
			const want = rows[filter]!;
			expect(Number(await page.getAttribute("#tree", "data-row-count")), filter).toBe(want.length);
			expect(await allRowIds(page), filter).toEqual(want);
		}
		await page.click('[data-filter="default"]');
		await page.fill("#search", SEARCH);
		const want = rows.search!;
		await expect.poll(() => page.getAttribute("#tree", "data-row-count"), WAIT).toBe(String(want.length));
		expect(await allRowIds(page)).toEqual(want);
		expect(requests.length).toBe(1);
	});

	it("clicking a row shows root → that entry, records it in the hash; Back to leaf returns", async () => {
		const { page } = await openExport(browser, html, { width: 1280, height: 800 });
		const view = SessionStore.open(session).snapshot();
		const onActive = new Set(view.getPath(view.leafId).map((e) => e.id));
		await page.click('[data-filter="all"]');
		for (const type of ["branch_summary", "compaction", "message"]) {
			const target = view.entries.find((e) => e.type === type && !onActive.has(e.id))!;
			await page.evaluate((id) => {
				const tree = document.getElementById("tree")!;
				const ids = [...tree.querySelectorAll<HTMLElement>(".row")].map((r) => r.dataset.entryId);
				if (!ids.includes(id)) tree.scrollTop = 0;
			}, target.id);
			await page.evaluate((id) => (location.hash = id), target.id); // bring it into the window
			await page.click(`#tree .row[data-entry-id="${target.id}"]`);
			await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(target.id);
			expect(await paneIds(page), type).toEqual(pathIds(target.id));
			expect(new URL(page.url()).hash).toBe(`#${target.id}`);
			expect(await page.getAttribute(`#tree .row[data-entry-id="${target.id}"]`, "aria-selected")).toBe("true");
		}
		await page.click("#back-to-leaf");
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(view.leafId);
		expect(await paneIds(page)).toEqual(pathIds(view.leafId!));
		expect(await page.getAttribute(`#tree .row[data-entry-id="${view.leafId}"]`, "aria-selected")).toBe("true");
	});

	// The lost click: the list re-rendered (a hashchange's select, a ResizeObserver re-measure) between
	// the button's press and release, replacing the row nodes; press and release then hit different
	// nodes, and the browser sends the click to their common ancestor, which is no row.
	it("a row re-rendered between mouse down and up still takes the click", async () => {
		const { page } = await openExport(browser, html, { width: 1280, height: 800 });
		// Two rows in view (selecting one scrolls nothing), neither the selected leaf.
		const visible = await page.$$eval("#tree .row", (rows) => {
			const list = document.getElementById("tree")!.getBoundingClientRect();
			return rows.filter((r) => r.getBoundingClientRect().top >= list.top && r.getBoundingClientRect().bottom <= list.bottom).map((r) => (r as HTMLElement).dataset.entryId!);
		});
		const [target, other] = visible.filter((id) => id !== SessionStore.open(session).snapshot().leafId);
		const box = (await page.locator(`#tree .row[data-entry-id="${target}"]`).boundingBox())!;
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.down();
		await page.evaluate((id) => (location.hash = id), other!);
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(other);
		await page.mouse.up();
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(target);
		expect(new URL(page.url()).hash).toBe(`#${target}`);
	});

	it("a link with #<entryId> opens at that entry", async () => {
		const view = SessionStore.open(session).snapshot();
		const target = view.entries.find((e) => e.type === "branch_summary")!;
		const { page } = await openExport(browser, html, { width: 1280, height: 800, hash: target.id });
		expect(await page.getAttribute("#conversation", "data-selected-id")).toBe(target.id);
		expect(await paneIds(page)).toEqual(pathIds(target.id));
		expect(await page.getAttribute(`#tree .row[data-entry-id="${target.id}"]`, "aria-selected")).toBe("true");
	});

	it("an unknown or malformed hash opens at the leaf", async () => {
		const leaf = SessionStore.open(session).snapshot().leafId;
		for (const hash of ["nope", "%E0%A4%A"]) {
			const { page, errors } = await openExport(browser, html, { width: 1280, height: 800, hash });
			expect(await page.getAttribute("#conversation", "data-selected-id"), hash).toBe(leaf);
			expect(errors).toEqual([]);
			await page.close();
		}
	});

	it("folding a branch point hides its descendants; unfolding brings them back", async () => {
		const { page } = await openExport(browser, html, { width: 1280, height: 800 });
		await listSettled(page);
		const before = Number(await page.getAttribute("#tree", "data-row-count"));
		// A fold button the user can see: the list also renders overscan rows above and below the
		// visible part, and clicking one of those makes the browser scroll the list under the press.
		const id = await page.evaluate(() => {
			const tree = document.querySelector("#tree");
			if (!tree) return null;
			const box = tree.getBoundingClientRect();
			const seen = [...tree.querySelectorAll("button[data-fold]")].find((b) => {
				const r = b.getBoundingClientRect();
				return r.top >= box.top && r.bottom <= box.bottom;
			});
			return seen?.getAttribute("data-fold") ?? null;
		});
		expect(id).not.toBeNull();
		const toggle = page.locator(`#tree button[data-fold="${id}"]`);
		// Polled from the test, not evaluated in the page: the page's CSP forbids eval, which a string
		// predicate of waitForFunction needs whenever its first check fails (a flake under load).
		const rowCount = async () => Number(await page.getAttribute("#tree", "data-row-count"));
		await toggle.click();
		// The list re-renders on the next frame: wait for it rather than reading the count at once.
		await expect.poll(rowCount, { timeout: 20_000 }).toBeLessThan(before);
		expect(await page.getAttribute(`#tree button[data-fold="${id}"]`, "aria-expanded")).toBe("false");
		await page.click(`#tree button[data-fold="${id}"]`);
		await expect.poll(rowCount, { timeout: 20_000 }).toBe(before);
	});

	it("at 600 px the sidebar starts collapsed behind a button; picking a row closes it (600×900 screenshots)", async () => {
		const { page, requests } = await openExport(browser, html, { width: 600, height: 900 });
		expect(await page.isVisible("#sidebar")).toBe(false);
		expect(await page.getAttribute("#toggle-sidebar", "aria-expanded")).toBe("false");
		await page.screenshot({ path: join(ARTIFACTS, "tree-600x900.png") });
		await page.click("#toggle-sidebar");
		expect(await page.isVisible("#sidebar")).toBe(true);
		// Opening re-measures the list and scrolls it to the selected row (a ResizeObserver, then a
		// frame): let that settle before reading a row, or the click lands where the row was.
		await listSettled(page);
		await page.screenshot({ path: join(ARTIFACTS, "tree-600x900-sidebar-open.png") });
		// A row the user can see: the one above the selected row (the list is scrolled to the selected
		// one). The list's first node may be an overscan row above the visible part.
		const first = await page.getAttribute('#tree .row:has(+ .row[aria-selected="true"])', "data-entry-id");
		await page.click(`#tree .row[data-entry-id="${first}"]`);
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(first);
		expect(await page.isVisible("#sidebar")).toBe(false);
		expect(await paneIds(page)).toEqual(pathIds(first!));
		expect(requests.length).toBe(1);
	});

	it("follows a dark colour scheme and prints without the sidebar (dark screenshot kept)", async () => {
		const { page, requests } = await openExport(browser, html, { width: 1280, height: 800 });
		await page.emulateMedia({ colorScheme: "dark" });
		const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		expect(bg).toBe("rgb(13, 17, 23)");
		await page.screenshot({ path: join(ARTIFACTS, "tree-1280x800-dark.png") });
		await page.emulateMedia({ media: "print", colorScheme: "light" });
		expect(await page.isVisible("#sidebar")).toBe(false);
		expect(await page.isVisible("#conversation article")).toBe(true);
		expect(requests.length).toBe(1);
	});

	it("↑/↓ on the focused list move the selection and the path", async () => {
		const { page } = await openExport(browser, html, { width: 1280, height: 800 });
		const leaf = SessionStore.open(session).snapshot().leafId!;
		await page.focus("#tree");
		await page.keyboard.press("ArrowUp");
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).not.toBe(leaf);
		const above = await page.getAttribute("#conversation", "data-selected-id");
		expect(await paneIds(page)).toEqual(pathIds(above!));
		await page.keyboard.press("ArrowDown");
		await expect.poll(() => page.getAttribute("#conversation", "data-selected-id"), WAIT).toBe(leaf);
	});

	it("the page holds no external reference the browser could fetch", () => {
		expect(readFileSync(html, "utf8")).not.toMatch(/<(link|iframe|object|embed)\b/i);
	});
});
