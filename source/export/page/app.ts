/// <reference lib="dom" />
/**
 * The export page's controller: builds the session view from the embedded entries with the same
 * store index and row builder as the terminal, then wires the sidebar, the filters, search,
 * folding, the URL hash and the conversation pane.
 */
import { buildTreeRows } from "../../tree/build.js";
import type { TreeFilter, TreeRow } from "../../tree/types.js";
import { TreeIndex } from "../../session/tree-index.js";
import { SessionSnapshot } from "../../session/snapshot.js";
import type { SessionEntry, SessionHeader } from "../../session/types.js";
import { renderConversation } from "./conversation.js";
import { SidebarList } from "./sidebar-list.js";
import { bindShell, type Shell } from "./shell.js";

/** What the exporter embeds in the page (see source/export/export-html.ts). */
export type ExportData = { header: SessionHeader; leafId: string | null; file: string; entries: SessionEntry[] };

type State = { filter: TreeFilter; search: string; folded: Set<string>; selected: string | null; showAll: boolean };

export class App {
	readonly view: SessionSnapshot;
	private rows: TreeRow[] = [];
	private rowIndex = new Map<string, number>();
	private readonly state: State;
	private readonly list: SidebarList;
	private readonly shell: Shell;

	constructor(data: ExportData) {
		this.view = new SessionSnapshot({ index: TreeIndex.build(data.entries), header: data.header, leafId: data.leafId });
		this.state = { filter: "default", search: "", folded: new Set(), selected: this.view.leafId, showAll: false };
		this.shell = bindShell(this, data);
		this.list = new SidebarList(this.shell.tree, { pick: (id) => this.pick(id), fold: (id) => this.toggleFold(id) });
	}

	start(): void {
		this.refreshRows();
		this.list.measure();
		window.addEventListener("hashchange", () => this.fromHash(true));
		this.fromHash(false);
	}

	/** Shows `id`'s path through the URL hash, so the browser's history and links follow. */
	go(id: string | null): void {
		const hash = id === null ? "" : `#${encodeURIComponent(id)}`;
		// Select now (the hashchange event comes a task later, and a second key press may come first);
		// the hash then only records it, and fromHash finds the selection already there.
		this.select(id);
		if (location.hash !== hash && hash !== "") location.hash = hash;
	}

	private pick(id: string): void {
		this.go(id);
		this.shell.picked();
	}

	goToLeaf(): void {
		this.go(this.view.leafId);
	}

	setFilter(filter: TreeFilter): void {
		this.state.filter = filter;
		this.refreshRows();
	}

	setSearch(search: string): void {
		this.state.search = search;
		this.refreshRows();
	}

	/** Moves the selection one row up or down in the visible list. */
	step(delta: number): void {
		if (this.rows.length === 0) return;
		const at = this.selectedRow();
		const next = at < 0 ? 0 : (at + delta + this.rows.length) % this.rows.length;
		const row = this.rows[next];
		if (row) this.go(row.id);
	}

	/** Shows the hash's entry; `changed`: skipped when go() has shown it already. */
	private fromHash(changed: boolean): void {
		let id = location.hash.slice(1);
		try {
			id = decodeURIComponent(id);
		} catch (error) {
			// A hand-edited hash with a stray `%`: look it up as written.
			console.warn("undecodable hash", error);
		}
		const target = id !== "" && this.view.getEntry(id) ? id : this.view.leafId;
		if (changed && target === this.state.selected) return;
		this.select(target);
	}

	private toggleFold(id: string): void {
		if (!this.state.folded.delete(id)) this.state.folded.add(id);
		this.refreshRows();
	}

	private select(id: string | null): void {
		this.state.selected = id;
		this.state.showAll = false;
		this.renderMain();
		this.list.setRows(this.rows, this.selectedRow());
		this.list.scrollToIndex(this.selectedRow());
		this.updateStatus();
	}

	private renderMain(): void {
		renderConversation(this.shell.main, {
			view: this.view,
			selectedId: this.state.selected,
			showAll: this.state.showAll,
			onShowAll: () => {
				this.state.showAll = true;
				this.renderMain();
			},
		});
		this.shell.atLeaf(this.state.selected === this.view.leafId);
	}

	/** The selected entry's row, or its nearest visible ancestor's (as `/tree` keeps a selection). */
	private selectedRow(): number {
		for (let e = this.state.selected ? this.view.getEntry(this.state.selected) : undefined; e; e = this.view.parentOf(e)) {
			const i = this.rowIndex.get(e.id);
			if (i !== undefined) return i;
		}
		return -1;
	}

	private refreshRows(): void {
		const { filter, search, folded } = this.state;
		this.rows = buildTreeRows(this.view, { filter, search, folded });
		this.rowIndex = new Map(this.rows.map((r, i) => [r.id, i]));
		this.list.setRows(this.rows, this.selectedRow());
		this.list.scrollToIndex(this.selectedRow());
		this.updateStatus();
	}

	private updateStatus(): void {
		const at = this.selectedRow();
		this.shell.status(this.rows.length === 0 ? `No entries found (0/0) [${this.state.filter}]` : `(${at + 1}/${this.rows.length}) [${this.state.filter}]`);
	}
}
