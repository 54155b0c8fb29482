/**
 * The row a persisted row index (row-index.ts) stored for an entry it made, held as a private field
 * of that entry (hidden from keys, spreads and JSON). Free of Node modules: the tree reads it, and
 * the tree is also bundled for the browser page.
 */

/** A base class whose constructor hands back the object it is given (see body-head.ts's Placed). */
class Given {
	constructor(object: object) {
		return object;
	}
}

/** The row an index stored for an entry it made: its preview (unless not stored) and silence. */
export class StoredRow extends Given {
	#preview: string | undefined;
	#silent: boolean;

	constructor(object: object, preview: string | undefined, silent: boolean) {
		super(object);
		this.#preview = preview;
		this.#silent = silent;
	}

	/** The stored preview of `object` (undefined: none stored, or not from an index). Static: the object is not a StoredRow by prototype. */
	static preview(object: object): string | undefined {
		return #preview in object ? (object as StoredRow).#preview : undefined;
	}

	static silent(object: object): boolean | undefined {
		return #silent in object ? (object as StoredRow).#silent : undefined;
	}
}

/** The tree row's preview an index stored for `entry` (undefined: compute it). */
export function storedPreview(entry: object): string | undefined {
	return StoredRow.preview(entry);
}

/** Whether an index found `entry` a silent assistant step (undefined: not from an index). */
export function storedSilent(entry: object): boolean | undefined {
	return StoredRow.silent(entry);
}
