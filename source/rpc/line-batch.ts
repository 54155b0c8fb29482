/**
 * RPC's protocol lines, written in batches: the lines made in one turn of the event loop go out in
 * one `write` (one syscall on a pipe) at `setImmediate`, instead of one write per line — a reply's
 * ~15 events cost one write (issue 35 item 19). The bytes and their order are unchanged; `flush()`
 * writes what waits at once (the end of the mode), and so does the process's `exit`.
 */
export type LineBatch = {
	/** Queue one complete line (ending in LF). */
	write(line: string): void;
	/** Write every queued line now, in order. */
	flush(): void;
	/** Flush and stop listening for the process's exit. */
	close(): void;
};

export function lineBatch(out: NodeJS.WritableStream): LineBatch {
	let pending: string[] = [];
	let scheduled: NodeJS.Immediate | undefined;
	const flush = () => {
		if (scheduled) clearImmediate(scheduled);
		scheduled = undefined;
		if (pending.length === 0) return;
		const text = pending.length === 1 ? (pending[0] as string) : pending.join("");
		pending = [];
		out.write(text);
	};
	// A process.exit elsewhere (a fatal error) still writes what the client was told so far.
	process.on("exit", flush);
	return {
		write(line) {
			pending.push(line);
			scheduled ??= setImmediate(flush);
		},
		flush,
		close() {
			flush();
			process.off("exit", flush);
		},
	};
}
