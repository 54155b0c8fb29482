/**
 * Whether a line of a chunk holds a byte string, for scanners that visit a chunk's lines in order
 * (forEachLine): each search runs on from the line to the next occurrence and remembers it, so the
 * lines before that occurrence cost nothing and a chunk is searched once per mark — not from every
 * line to the chunk's end, which costs lines × chunk (issue 41: 94 % of `arbor sessions` was that).
 */
export class LineMark {
	/** Where the mark next occurs at or after the last line's start; -1: nowhere further in this chunk. */
	private next = -1;
	private lastStart = -1;
	private searched = false;

	constructor(private readonly mark: Buffer) {}

	/**
	 * True when `buf[start, end)` holds the mark. Lines come in order within one chunk; a line that
	 * starts at or before the previous one begins a new chunk (forEachLine reuses its buffer), which
	 * drops what was found in the old one. The mark must hold no "\n", so it never spans two lines.
	 */
	in(buf: Buffer, start: number, end: number): boolean {
		if (start <= this.lastStart) this.searched = false;
		this.lastStart = start;
		if (!this.searched || (this.next !== -1 && this.next < start)) {
			this.next = buf.indexOf(this.mark, start);
			this.searched = true;
		}
		return this.next !== -1 && this.next + this.mark.length <= end;
	}
}
