/**
 * Keeps Ink's frame (the live area, the editor, the status line) on the last rows of the terminal
 * once the conversation has filled the screen. Ink draws its frame below the printed transcript and,
 * when the frame gets shorter (a tool confirmation, a list that a filter shortens, a dialog closes),
 * erases it and draws the shorter one where the taller one began: the editor floated mid-screen with
 * blank rows below it. Lines the taller frame pushed into the scrollback cannot come back, so the
 * rows it gave up stay blank ABOVE the frame instead: this filter puts that many newlines before
 * the shorter frame. The next printed transcript (Ink erases its frame, prints, draws the frame
 * again) is written into those blank rows first, so no gap is left in the conversation.
 *
 * It reads what Ink writes and follows the cursor's row: Ink's erase prefix (erase line, cursor up),
 * newlines, cursor moves and the alternate screen. Ink writes a frame as `erase of the old frame +
 * frame`; `log.clear()` (an erase alone) comes before printed transcript or other data, which is
 * followed by the frame again. Nothing is changed on the alternate screen, nor before the screen
 * has been filled once (the row a program starts on is unknown: counted from the top, the guess is
 * never below the real row, so a frame is never pushed past the bottom).
 */

const ESC = "\u001b";
/** Ink's erase of its frame and return to it: erase line, cursor up/down, to column 0, cursor shown or hidden. */
const ERASE_PREFIX = /^(?:\u001b\[\d*[ABGK]|\u001b\[\?25[lh])*/;
/** Synchronized-output brackets, written on their own around a frame. */
const SYNC_ONLY = /^(?:\u001b\[\?2026[hl])+$/;
/** The sequences that move the cursor's row, and newlines. */
const ROW_MOVES = /\n|\u001b\[(\d*)([ABEFHf]|;\d*[Hf])|\u001b\[\?1049([hl])/g;

export class BottomAnchor {
	/** The cursor's row (0 = top), never below the real one. */
	row = 0;
	/** Blank rows this filter put above the frame. */
	pad = 0;
	private savedRow = 0;
	private alt = false;
	/** The frame has once reached the last row on the normal screen. */
	private filled = false;
	/** After an erase alone: the next write is printed text or data, the one after it the frame. */
	private afterClear = false;

	constructor(public rows: number) {}

	/** The bytes to write instead of `chunk`. */
	filter(chunk: string): string {
		if (SYNC_ONLY.test(chunk)) return chunk;
		const prefix = ERASE_PREFIX.exec(chunk)?.[0] ?? "";
		const rest = chunk.slice(prefix.length);
		if (rest === "" && prefix.includes("[2K")) {
			// log.clear(): what is printed next goes right below the transcript, into the blank rows.
			this.afterClear = true;
			return this.follow(prefix + this.unpad());
		}
		const wasCleared = this.afterClear;
		this.afterClear = false;
		// Printed text (or data) after a clear never starts with an erase; a frame ends with a newline.
		if ((wasCleared && !prefix.includes("[2K")) || !rest.includes("\n")) return this.follow(chunk);
		return this.frame(prefix, rest);
	}

	/** A resize: a cursor on the last row stays there (the terminal scrolls), otherwise it keeps its row. */
	resized(rows: number): void {
		this.row = this.row >= this.rows - 1 ? rows - 1 : Math.min(this.row, rows - 1);
		this.rows = rows;
	}

	private frame(prefix: string, rest: string): string {
		let out = this.follow(prefix + this.unpad());
		const end = this.endRow(rest);
		if (!this.alt && this.filled && end < this.rows - 1) {
			this.pad = this.rows - 1 - end;
			out += this.follow("\n".repeat(this.pad));
		}
		out += this.follow(rest);
		if (!this.alt && this.row >= this.rows - 1) this.filled = true;
		return out;
	}

	/** Cursor up over the blank rows put above the frame (they are reused by what comes next). */
	private unpad(): string {
		if (this.alt || this.pad === 0) return "";
		const up = `${ESC}[${this.pad}A`;
		this.pad = 0;
		return up;
	}

	/** The row the cursor would be on after `text`, from the current one. */
	private endRow(text: string): number {
		const saved = { row: this.row, savedRow: this.savedRow, alt: this.alt };
		this.follow(text);
		const end = this.row;
		({ row: this.row, savedRow: this.savedRow, alt: this.alt } = saved);
		return end;
	}

	/** Follows the cursor's row through `text`; returns it unchanged. */
	private follow(text: string): string {
		const last = this.rows - 1;
		for (const m of text.matchAll(ROW_MOVES)) {
			const [all, count, kind, alt] = m;
			const n = Math.max(1, Number(count || 1));
			if (all === "\n") this.row = Math.min(last, this.row + 1);
			else if (alt === "h") [this.savedRow, this.alt, this.row] = [this.row, true, 0];
			else if (alt === "l") [this.alt, this.row] = [false, this.savedRow];
			else if (kind === "A" || kind === "F") this.row = Math.max(0, this.row - n);
			else if (kind === "B" || kind === "E") this.row = Math.min(last, this.row + n);
			else if (kind === "H" || kind === "f") this.row = 0;
			else if (kind?.startsWith(";")) this.row = Math.min(last, n - 1);
		}
		return text;
	}
}

/** `stdout` as Ink sees it: every string write goes through a BottomAnchor; `resize` keeps its rows. */
export function bottomAnchoredStdout(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
	const anchor = new BottomAnchor(stdout.rows || 24);
	// Registered before Ink's own listener: the rows are current when Ink redraws.
	stdout.on("resize", () => anchor.resized(stdout.rows || 24));
	const write = (chunk: unknown, ...rest: unknown[]): boolean =>
		(stdout.write as (...args: unknown[]) => boolean)(typeof chunk === "string" ? anchor.filter(chunk) : chunk, ...rest);
	return new Proxy(stdout, {
		get(target, prop) {
			if (prop === "write") return write;
			const value: unknown = Reflect.get(target, prop, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}
