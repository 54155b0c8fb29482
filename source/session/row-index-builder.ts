/** The data of a persisted row index (row-index-file.ts), built entry by entry (see row-index.ts). */
import { type Obj, KEPT } from "./row-index.js";
import type { RowColumns, RowIndexData } from "./row-index-file.js";
import type { SessionEntry } from "./types.js";

/** Builds an index's data, entry by entry in file order. */
export class RowIndexBuilder {
	readonly data: RowIndexData;
	private readonly typeAt: Map<string, number>;
	private readonly shapeAt: Map<string, number>;
	private readonly valueAt: Map<unknown, number>;
	private readonly idAt = new Map<unknown, number>();
	private lastLine: number;

	/**
	 * Starts empty, or from an index's data (its entries are kept as they are; `lastLine`: its last
	 * entry's line). `positionOf`, when given, answers where the first entry of an id is among all
	 * the entries added (the session's own id map: none is built here).
	 */
	constructor(
		from?: { data: RowIndexData; lastLine: number },
		private readonly positionOf?: (id: unknown) => number | undefined,
	) {
		const empty: RowColumns = { types: [], shapes: [], values: [], t: [], k: [], r: [], s: [], p: [], off: [], px: {}, x: {}, lx: {}, nopv: [], pvx: {}, sil: [], idx: {}, tsx: {} };
		this.data = from?.data ?? { columns: empty, ids: [], ts: [], pv: [] };
		const c = this.data.columns;
		this.typeAt = new Map(c.types.map((t, i) => [t, i]));
		this.shapeAt = new Map(c.shapes.map((s, i) => [s, i]));
		this.valueAt = new Map(c.values.map((v, i) => [v, i]));
		for (let i = 0; !positionOf && i < this.data.ids.length; i++) {
			const id = i in c.idx ? c.idx[i] : this.data.ids[i];
			if (!this.idAt.has(id)) this.idAt.set(id, i);
		}
		this.lastLine = from?.lastLine ?? 1;
	}

	/** Adds `entry`, whose line starts at `at.offset` (line number `at.line`). */
	add(entry: SessionEntry, at: { offset: number; line: number }, row: { preview: string | undefined; silent: boolean }): void {
		const { columns: c, ids, ts, pv } = this.data;
		const i = ids.length;
		const message = entry.type === "message" ? (entry.message as unknown as Obj) : undefined;
		const t = slot(this.typeAt, c.types, String(entry.type));
		const r = message && Object.hasOwn(message, "role") ? slot(this.valueAt, c.values, message.role) : -1;
		c.t.push(t);
		c.k.push(this.shape(t * 0x10000 + r + 1, Object.keys(entry), message ? Object.keys(message) : []));
		c.r.push(r);
		c.s.push(message && Object.hasOwn(message, "stopReason") ? slot(this.valueAt, c.values, message.stopReason) : -1);
		c.off.push(at.offset);
		ids.push(this.line(c.idx, i, entry.id));
		ts.push(this.line(c.tsx, i, entry.timestamp));
		if (!this.positionOf && !this.idAt.has(entry.id)) this.idAt.set(entry.id, i);
		const p = entry.parentId === null ? -1 : this.parentAt(entry.parentId, i);
		c.p.push(p);
		if (p === -2) c.px[i] = entry.parentId;
		const kept = keptFields(entry, KEPT[String(entry.type)]);
		if (kept) c.x[i] = kept;
		if (at.line !== this.lastLine + 1) c.lx[i] = at.line;
		this.lastLine = at.line;
		if (row.preview === undefined) c.nopv.push(i);
		pv.push(row.preview === undefined ? "" : this.line(c.pvx, i, row.preview));
		if (row.silent) c.sil.push(i);
	}

	/** The position of the entry `id` names when it is not after position `i` (-2: it is not). */
	private parentAt(id: unknown, i: number): number {
		const at = this.positionOf ? this.positionOf(id) : this.idAt.get(id);
		return at !== undefined && at <= i ? at : -2;
	}

	/** The last shape of each type and role (by slot), and its slot: most entries repeat it (no strings joined then). */
	private readonly lastShape = new Map<number, { keys: string[]; messageKeys: string[]; slot: number }>();

	private shape(kind: number, keys: string[], messageKeys: string[]): number {
		const last = this.lastShape.get(kind);
		if (last && sameKeys(last.keys, keys) && sameKeys(last.messageKeys, messageKeys)) return last.slot;
		const c = this.data.columns;
		const at = slot(this.shapeAt, c.shapes, `${keys.join("\u0000")}\u0001${messageKeys.join("\u0000")}`);
		this.lastShape.set(kind, { keys, messageKeys, slot: at });
		return at;
	}

	/** `value` as a block's line, or "" with the value kept in `odd`. */
	private line(odd: Record<number, unknown>, i: number, value: unknown): string {
		if (typeof value === "string" && oneLine(value)) return value;
		odd[i] = value;
		return "";
	}
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}

/** A lone surrogate (a preview cut inside a pair) has no UTF-8: such a text goes in the JSON. Node ≥ 20 has isWellFormed (ES2024). */
function oneLine(value: string): boolean {
	return !value.includes("\n") && (value as unknown as { isWellFormed(): boolean }).isWellFormed();
}

function slot<T>(at: Map<T, number>, list: T[], value: T): number {
	let i = at.get(value);
	if (i === undefined) {
		i = list.push(value) - 1;
		at.set(value, i);
	}
	return i;
}

function keptFields(entry: SessionEntry, keys: readonly string[] | undefined): Obj | undefined {
	if (!keys) return undefined;
	const out: Obj = {};
	for (const key of keys) if (Object.hasOwn(entry, key)) out[key] = (entry as unknown as Obj)[key];
	return out;
}
