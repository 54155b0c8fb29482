/** Print mode's piped input: read to the end, and say so when the end does not come. */
import { read } from "node:fs";
import { isatty } from "node:tty";

/** How long stdin may stay silent before print mode says what it is waiting for. */
const STDIN_NOTICE_MS = 3000;
/** The one line printed when piped stdin stays open without data. */
const STDIN_NOTICE = "arbor: waiting for stdin to close — use </dev/null to skip it\n";

/**
 * All of stdin as text ("" on a terminal). Scripts rely on the whole input being read, so a pipe
 * that stays open (`sleep 100 | arbor -p hi`) is still waited for — but after a quiet spell one
 * stderr line tells the user why nothing happens. File descriptor 0 is read directly: making
 * `process.stdin` (a socket or file stream) cost ~10 ms of every `arbor -p` start (issue 35 item
 * 22). It is still used when the descriptor cannot be read so (non-blocking, closed, not a file).
 */
export async function readStdin(stderr: NodeJS.WritableStream = process.stderr): Promise<string> {
	if (isatty(0)) return "";
	const chunks: Buffer[] = [];
	let timer: NodeJS.Timeout | undefined;
	let noticed = false;
	const arm = () => {
		clearTimeout(timer);
		if (noticed) return;
		timer = setTimeout(() => {
			noticed = true;
			stderr.write(STDIN_NOTICE);
		}, STDIN_NOTICE_MS);
	};
	arm();
	try {
		for (let got = await readSome(); got?.length !== 0; got = await readSome()) {
			if (got === undefined) {
				for await (const chunk of process.stdin) {
					chunks.push(chunk as Buffer);
					arm();
				}
				break;
			}
			chunks.push(got);
			arm();
		}
	} finally {
		clearTimeout(timer);
	}
	return Buffer.concat(chunks).toString("utf8");
}

/** The next bytes of descriptor 0 (a copy; empty at its end), or undefined when it cannot be read directly. */
function readSome(): Promise<Buffer | undefined> {
	return new Promise((resolve) => {
		read(0, scratch, 0, scratch.length, null, (error, bytes) => resolve(error ? (error.code === "EOF" ? Buffer.alloc(0) : undefined) : Buffer.from(scratch.subarray(0, bytes))));
	});
}
const scratch = Buffer.allocUnsafe(64 * 1024);

/** The message: piped text, a blank line, then the argument text; either may be absent. */
export function composePrompt(piped: string, args: string[]): string {
	const parts = [piped.replace(/\s+$/, ""), args.join(" ").trim()].filter((p) => p.trim() !== "");
	return parts.join("\n\n");
}
