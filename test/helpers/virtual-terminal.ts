/**
 * A terminal inside the test process: an xterm.js emulator (@xterm/headless) behind fake TTY
 * streams. Ink writes to `stdout` (a TTY of `cols`×`rows`, every write fed to the emulator) and reads
 * raw bytes from `stdin` (several keys per write, as a terminal delivers them); `screen()` is what a
 * person would see. Modelled on pi-mono's packages/tui/test/virtual-terminal.ts.
 */
import { PassThrough, Writable } from "node:stream";
import xterm from "@xterm/headless";
import { stripControls } from "../../source/text/terminal-text.js";
import { waitFor } from "./wait-for.js";

/** tmux key names (as the tmux tests send them) → the bytes a terminal sends for them. */
export const KEY_BYTES: Readonly<Record<string, string>> = {
	Enter: "\r",
	Escape: "\u001b",
	Tab: "\t",
	BSpace: "\u007f",
	Up: "\u001b[A",
	Down: "\u001b[B",
	Right: "\u001b[C",
	Left: "\u001b[D",
	Home: "\u001b[1~",
	End: "\u001b[4~",
	"M-Enter": "\u001b\r",
	BTab: "\u001b[Z",
	"C-Left": "\u001b[1;5D",
	"C-Right": "\u001b[1;5C",
	PPage: "\u001b[5~",
	NPage: "\u001b[6~",
	PgUp: "\u001b[5~",
	PgDn: "\u001b[6~",
};

/** A tmux key name or literal text → bytes: `C-x` is the control byte, `M-x` ESC and x (Alt), anything unknown is literal. */
export function keyBytes(key: string): string {
	const named = KEY_BYTES[key];
	if (named !== undefined) return named;
	const ctrl = /^C-([a-z])$/.exec(key);
	if (ctrl) return String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96);
	const meta = /^M-([a-z])$/.exec(key);
	if (meta) return `\u001b${meta[1]}`;
	return key;
}

/** Whether `text` shows any character once its escape sequences and control characters are left out. */
const visible = (text: string): boolean => /\S/.test(stripControls(text));

/** Ink's stdout: a TTY whose writes go to the emulator; `resize` is emitted like on SIGWINCH. */
class TtyOut extends Writable {
	readonly isTTY = true;
	constructor(
		public columns: number,
		public rows: number,
		private readonly sink: (text: string) => void,
	) {
		super({ decodeStrings: false });
	}
	override _write(chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
		this.sink(typeof chunk === "string" ? chunk : String(chunk));
		done();
	}
	getColorDepth(): number {
		return 8;
	}
	hasColors(): boolean {
		return true;
	}
}

/** Ink's stdin: a TTY in raw mode; the test writes raw bytes into it. */
class TtyIn extends PassThrough {
	readonly isTTY = true;
	isRaw = false;
	setRawMode(raw: boolean): this {
		this.isRaw = raw;
		return this;
	}
	ref(): this {
		return this;
	}
	unref(): this {
		return this;
	}
}

export class VirtualTerminal {
	readonly term: xterm.Terminal;
	readonly stdout: TtyOut;
	readonly stdin: TtyIn;
	/** Every byte the program wrote, in order (for mode checks: bracketed paste on/off, …). */
	written = "";
	/**
	 * Whether stdin was in raw mode when the program first wrote visible text (its first frame):
	 * a key typed once the prompt shows must reach it as a key, not go through cooked mode.
	 */
	rawAtFirstText: boolean | undefined;
	private pending = 0;

	constructor(cols = 120, rows = 40) {
		// convertEol: a tty turns "\n" into "\r\n" on output (onlcr); a pty-less emulator must do it itself.
		this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 5000, convertEol: true });
		this.stdout = new TtyOut(cols, rows, (text) => {
			if (this.rawAtFirstText === undefined && visible(text)) this.rawAtFirstText = this.stdin.isRaw;
			this.written += text;
			this.pending += 1;
			this.term.write(text, () => void (this.pending -= 1));
		});
		this.stdin = new TtyIn();
	}

	get cols(): number {
		return this.term.cols;
	}

	get rows(): number {
		return this.term.rows;
	}

	/** Raw bytes from the keyboard, in one read (`"abc\r"` is four keys at once). */
	write(bytes: string): void {
		this.stdin.write(bytes);
	}

	/** tmux-style key names or literal text, all in one write. */
	send(...keys: string[]): void {
		this.write(keys.map(keyBytes).join(""));
	}

	/** A bracketed paste, as a terminal sends it when the program has turned the mode on. */
	paste(text: string): void {
		this.write(`\u001b[200~${text}\u001b[201~`);
	}

	/** Whether the program has bracketed paste on now (its last ?2004 switch was `h`). */
	bracketedPaste(): boolean {
		const on = this.written.lastIndexOf("\u001b[?2004h");
		return on >= 0 && on > this.written.lastIndexOf("\u001b[?2004l");
	}

	/** New size: the emulator re-flows, stdout reports it and emits `resize` (what SIGWINCH does). */
	resize(cols: number, rows: number): void {
		this.term.resize(cols, rows);
		this.stdout.columns = cols;
		this.stdout.rows = rows;
		this.stdout.emit("resize");
	}

	/** Resolves once the emulator has parsed every write so far. */
	flush(): Promise<void> {
		return new Promise((resolve) => this.term.write("", resolve));
	}

	/** The visible screen as text, trailing blanks trimmed per line (like `tmux capture-pane -p`). */
	screen(): string {
		const buffer = this.term.buffer.active;
		const lines: string[] = [];
		for (let i = 0; i < this.term.rows; i++) lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
		return `${lines.join("\n")}\n`;
	}

	/** The whole buffer: the scrollback above the screen, then the screen (`tmux capture-pane -S -`). */
	async scrollback(): Promise<string> {
		await this.flush();
		const buffer = this.term.buffer.active;
		const lines: string[] = [];
		for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? "");
		return `${lines.join("\n")}\n`;
	}

	/** Waits (polling, no sleeps) until the parsed screen satisfies `predicate`; the error shows the screen. */
	async waitForScreen(predicate: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
		let screen = "";
		return waitFor(
			async () => {
				await this.flush();
				screen = this.screen();
				return predicate(screen) ? screen : undefined;
			},
			{ timeoutMs, what, intervalMs: 10, screen: () => screen },
		);
	}

	/** Asserts on the current screen now (after parsing every write); the error prints the whole screen. */
	async expectScreen(predicate: (screen: string) => boolean, what: string): Promise<string> {
		await this.flush();
		const screen = this.screen();
		if (!predicate(screen)) throw new Error(`expected the screen to show ${what}\n--- screen ---\n${screen}`);
		return screen;
	}

	dispose(): void {
		this.stdin.destroy();
		this.stdout.destroy();
		this.term.dispose();
	}
}
