/// <reference lib="dom" />
/**
 * The tree rows as a virtual list: only the rows in (and just around) the viewport exist in the
 * DOM, so a 100k-row tree scrolls as fast as a short one. Rows are formatted by the same
 * `formatTreeRowParts` as `/tree` and `arbor tree`, cut to the list's width in columns.
 */
import { formatTreeRowParts, isDimKind } from "../../tree/format.js";
import type { TreeRow } from "../../tree/types.js";
import { el } from "./dom.js";

const ROW_HEIGHT = 22;
const OVERSCAN = 10;

type ListEvents = { pick(id: string): void; fold(id: string): void };

/** Fold controls sit where the tree branches (a chain row folding its tail would only add noise). */
function foldHere(row: TreeRow): boolean {
	return row.foldable && (row.folded || row.isBranchPoint || /─ $/.test(row.gutter));
}

export class SidebarList {
	private rows: readonly TreeRow[] = [];
	private selectedIndex = -1;
	private columns = 80;
	private readonly spacer: HTMLElement;
	private frame = 0;
	/**
	 * What the DOM currently shows. A row's node stays while its index is in the window, whatever
	 * re-renders it (a scroll, new rows, a re-measure): a press and its release must hit the same
	 * node, or the browser sends the click to their common ancestor and the pick or fold is lost.
	 */
	private shown = "";
	private version = 0;
	private nodes = new Map<number, HTMLElement>();

	constructor(
		private readonly viewport: HTMLElement,
		private readonly events: ListEvents,
	) {
		this.spacer = el("div", { class: "spacer", role: "presentation" });
		viewport.append(this.spacer);
		viewport.addEventListener("scroll", () => this.schedule());
		viewport.addEventListener("click", (ev) => this.onClick(ev));
		// Opening a collapsed sidebar or resizing the window changes the window of rows and the columns.
		let wasHidden = true;
		new ResizeObserver(() => {
			const hidden = viewport.clientHeight === 0;
			this.measure();
			if (wasHidden && !hidden) this.scrollToIndex(this.selectedIndex);
			wasHidden = hidden;
		}).observe(viewport);
	}

	setRows(rows: readonly TreeRow[], selectedIndex: number): void {
		this.rows = rows;
		this.selectedIndex = selectedIndex;
		this.version++;
		this.spacer.style.height = `${rows.length * ROW_HEIGHT}px`;
		this.viewport.dataset.rowCount = String(rows.length);
		this.render();
	}

	/** Columns available for a row, measured from the monospace font (recomputed on resize). */
	measure(): void {
		const probe = this.viewport.querySelector("#char-probe");
		const charWidth = probe ? probe.getBoundingClientRect().width / (probe.textContent?.length || 1) : 8;
		if (this.viewport.clientWidth === 0) return;
		const width = this.viewport.clientWidth - 30;
		const columns = Math.max(20, Math.floor(width / Math.max(1, charWidth)));
		if (columns !== this.columns) {
			this.columns = columns;
			this.version++;
		}
		this.render();
	}

	scrollToIndex(i: number): void {
		if (i < 0) return;
		const top = i * ROW_HEIGHT;
		const h = this.viewport.clientHeight;
		if (top < this.viewport.scrollTop || top + ROW_HEIGHT > this.viewport.scrollTop + h) {
			this.viewport.scrollTop = Math.max(0, top - Math.floor(h / 2));
		}
		this.render();
	}

	private schedule(): void {
		if (this.frame) return;
		this.frame = requestAnimationFrame(() => {
			this.frame = 0;
			this.render();
		});
	}

	render(): void {
		const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
		const count = Math.ceil(this.viewport.clientHeight / ROW_HEIGHT) + 2 * OVERSCAN;
		const last = Math.min(this.rows.length, first + count);
		const key = `${this.version}:${first}:${last}`;
		if (key === this.shown) return;
		const sameRows = this.shown.startsWith(`${this.version}:`);
		this.shown = key;
		// Indexes still in the window keep their nodes (re-filled when the rows or columns changed).
		const next = new Map<number, HTMLElement>();
		for (let i = first; i < last; i++) {
			const row = this.rows[i];
			if (!row) continue;
			const node = this.nodes.get(i);
			next.set(i, node && sameRows ? node : this.fillRow(node ?? el("div", {}), row, i));
		}
		const kept = [...next.values()];
		const current = this.spacer.children;
		if (kept.length !== current.length || kept.some((node, k) => current[k] !== node)) this.spacer.replaceChildren(...kept);
		this.nodes = next;
	}

	/**
	 * Makes `div` row `i`, keeping the node and, where the structure allows, its children (a press on
	 * the fold button and its release must also hit one node); text and attributes are replaced.
	 */
	private fillRow(div: HTMLElement, row: TreeRow, i: number): HTMLElement {
		const selected = i === this.selectedIndex;
		const p = formatTreeRowParts(row, { width: this.columns, selected });
		setAttributes(div, { class: `row kind-${row.kind}${isDimKind(row.kind) ? " dim" : ""}`, role: "option", "data-entry-id": row.id, "aria-selected": String(selected), title: row.label !== undefined ? `[${row.label}] ${row.text}` : row.text, "data-leaf": row.isLeaf ? "" : undefined });
		div.style.top = `${i * ROW_HEIGHT}px`;
		const old = [...div.children] as HTMLElement[];
		const fold = foldHere(row);
		const toggle = old[0]?.tagName === (fold ? "BUTTON" : "SPAN") ? old[0] : el(fold ? "button" : "span");
		if (fold) setAttributes(toggle, { class: "fold", type: "button", "aria-label": row.folded ? "unfold" : "fold", "aria-expanded": String(!row.folded), "data-fold": row.id });
		else setAttributes(toggle, { class: "fold" });
		toggle.textContent = fold ? (row.folded ? "▸" : "▾") : "";
		const parts: [string, string][] = [["cursor", p.cursor], ["gutter", p.gutter], ["marker", p.marker], ["label", p.label], ["text", p.text], ["suffix", p.suffix]];
		const spans = parts.map(([name, text], k) => {
			const span = old[k + 1] ?? el("span");
			span.className = name;
			span.textContent = text;
			return span;
		});
		const children = [toggle, ...spans];
		if (children.some((child, k) => old[k] !== child) || old.length !== children.length) div.replaceChildren(...children);
		return div;
	}

	private onClick(ev: MouseEvent): void {
		const target = ev.target as HTMLElement;
		const fold = target.closest<HTMLElement>("[data-fold]");
		if (fold?.dataset.fold) return this.events.fold(fold.dataset.fold);
		const row = target.closest<HTMLElement>(".row");
		if (row?.dataset.entryId) this.events.pick(row.dataset.entryId);
	}
}

/** Sets exactly these attributes (undefined: absent); every other attribute is removed. */
function setAttributes(node: HTMLElement, attributes: Record<string, string | undefined>): void {
	for (const name of node.getAttributeNames()) if (attributes[name] === undefined) node.removeAttribute(name);
	for (const [name, value] of Object.entries(attributes)) if (value !== undefined && node.getAttribute(name) !== value) node.setAttribute(name, value);
}
