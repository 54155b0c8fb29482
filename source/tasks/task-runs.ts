/** The tasks of a session that are still running, so that an abort can wait until they have ended and written their branch. */
export class TaskRuns {
	private readonly running = new Set<Promise<unknown>>();

	/** Keeps `run` until it settles; returns it. */
	track<T>(run: Promise<T>): Promise<T> {
		this.running.add(run);
		const forget = () => this.running.delete(run);
		run.then(forget, forget);
		return run;
	}

	/** Resolves once every task running now (and any they start) has ended. */
	async settled(): Promise<void> {
		while (this.running.size > 0) await Promise.allSettled([...this.running]);
	}

	get size(): number {
		return this.running.size;
	}
}
