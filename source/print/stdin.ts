/** Print mode's piped input: read to the end, and say so when the end does not come. */

/** How long stdin may stay silent before print mode says what it is waiting for. */
const STDIN_NOTICE_MS = 3000;
/** The one line printed when piped stdin stays open without data. */
const STDIN_NOTICE = "arbor: waiting for stdin to close — use </dev/null to skip it\n";

/**
 * All of stdin as text ("" on a terminal). Scripts rely on the whole input being read, so a pipe
 * that stays open (`sleep 100 | arbor -p hi`) is still waited for — but after a quiet spell one
 * stderr line tells the user why nothing happens.
 */
export async function readStdin(stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WritableStream = process.stderr): Promise<string> {
	if (stdin.isTTY) return "";
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
		for await (const chunk of stdin) {
			chunks.push(chunk as Buffer);
			arm();
		}
	} finally {
		clearTimeout(timer);
	}
	return Buffer.concat(chunks).toString("utf8");
}

/** The message: piped text, a blank line, then the argument text; either may be absent. */
export function composePrompt(piped: string, args: string[]): string {
	const parts = [piped.replace(/\s+$/, ""), args.join(" ").trim()].filter((p) => p.trim() !== "");
	return parts.join("\n\n");
}
