/**
 * `"sync": {"auto": true}` (docs/sync.md): a sync at start and after each settled turn, in the
 * background. One runs at a time; asks that come while one runs make one more run after it, never a
 * queue. The face only says what happened (a failure: one line).
 */
import { errorMessage } from "../text/error-text.js";
import { runSync, type SyncReport } from "./sync.js";

export type AutoSyncOptions = {
	cwd: string;
	home: string;
	/** Each finished sync: its report, or the failure's one line. */
	done(outcome: { ok: true; report: SyncReport } | { ok: false; message: string }): void;
};

export class AutoSync {
	private running: Promise<void> | null = null;
	private again = false;
	private stopped = false;

	constructor(private readonly opts: AutoSyncOptions) {}

	/** Starts a sync now, or once more after the one that runs. Never waits for it. */
	request(): void {
		if (this.stopped) return;
		if (this.running) {
			this.again = true;
			return;
		}
		this.running = this.loop().finally(() => {
			this.running = null;
		});
	}

	/** Asks for no more syncs and resolves once the running one (if any) has finished. */
	async stop(): Promise<void> {
		this.stopped = true;
		this.again = false;
		await this.running;
	}

	/** Resolves once nothing runs (tests, and quitting). */
	async idle(): Promise<void> {
		while (this.running) await this.running;
	}

	private async loop(): Promise<void> {
		do {
			this.again = false;
			try {
				const report = await runSync({ cwd: this.opts.cwd, home: this.opts.home });
				this.opts.done({ ok: true, report });
			} catch (e) {
				this.opts.done({ ok: false, message: errorMessage(e) });
			}
		} while (this.again && !this.stopped);
	}
}
