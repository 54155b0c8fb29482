/// <reference lib="dom" />
/**
 * The page chrome around the list and the conversation: title, sidebar toggle (starts collapsed
 * below 800 px), filter buttons, search box, "Back to leaf", and printing with every block open.
 */
import { parseTreeFilter } from "../../tree/rows.js";
import type { App, ExportData } from "./app.js";

export type Shell = {
	tree: HTMLElement;
	main: HTMLElement;
	status(text: string): void;
	atLeaf(yes: boolean): void;
	/** A row was picked: on a narrow screen the sidebar gets out of the way. */
	picked(): void;
};

const NARROW = "(max-width: 800px)";

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
	const node = document.getElementById(id);
	if (!node) throw new Error(`page element #${id} missing`);
	return node as T;
}

function bindSidebarToggle(): (collapsed: boolean) => void {
	const app = byId("app");
	const toggle = byId<HTMLButtonElement>("toggle-sidebar");
	const set = (collapsed: boolean) => {
		app.classList.toggle("collapsed", collapsed);
		toggle.setAttribute("aria-expanded", String(!collapsed));
	};
	set(window.matchMedia(NARROW).matches);
	toggle.addEventListener("click", () => set(!app.classList.contains("collapsed")));
	return set;
}

function bindFilters(app: App): void {
	const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-filter]")];
	for (const button of buttons) {
		button.addEventListener("click", () => {
			const filter = parseTreeFilter(button.dataset.filter ?? "");
			if (!filter) return;
			for (const b of buttons) b.setAttribute("aria-pressed", String(b === button));
			app.setFilter(filter);
		});
	}
	const search = byId<HTMLInputElement>("search");
	let timer = 0;
	search.addEventListener("input", () => {
		clearTimeout(timer);
		timer = window.setTimeout(() => app.setSearch(search.value), 120);
	});
}

function bindKeys(app: App, tree: HTMLElement): void {
	tree.addEventListener("keydown", (ev) => {
		if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
			ev.preventDefault();
			app.step(ev.key === "ArrowDown" ? 1 : -1);
		}
	});
}

/** Printing shows every collapsed block; afterwards the reader's choices come back. */
function bindPrint(): void {
	let opened: HTMLDetailsElement[] = [];
	window.addEventListener("beforeprint", () => {
		opened = [...document.querySelectorAll<HTMLDetailsElement>("details:not([open])")];
		for (const d of opened) d.open = true;
	});
	window.addEventListener("afterprint", () => {
		for (const d of opened) d.open = false;
		opened = [];
	});
}

export function bindShell(app: App, data: ExportData): Shell {
	const tree = byId("tree");
	const back = byId<HTMLButtonElement>("back-to-leaf");
	const setCollapsed = bindSidebarToggle();
	const name = app.view.name;
	document.title = `${name ?? data.file} — arbor`;
	byId("title").textContent = name ?? data.file;
	back.addEventListener("click", () => app.goToLeaf());
	bindFilters(app);
	bindKeys(app, tree);
	bindPrint();
	return {
		tree,
		main: byId("conversation"),
		status: (text) => void (byId("tree-status").textContent = text),
		atLeaf: (yes) => back.toggleAttribute("disabled", yes),
		picked: () => {
			if (window.matchMedia(NARROW).matches) setCollapsed(true);
		},
	};
}
