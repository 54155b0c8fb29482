/**
 * Usage records kept as numbers in one array (issue 17 item 16). Every assistant message carries a
 * `usage` object with a nested `cost`: two objects and five boxed fractional numbers, ~216 bytes
 * each on 64-bit V8, read on every path walk (the status line sums them), so they cannot stay in
 * the file. A record of exactly pi's shape is kept as its ten numbers (80 bytes) and handed out as a
 * new, equal object each time it is read; any other shape is kept as parsed.
 */

const USAGE_KEYS = ["input", "output", "cacheRead", "cacheWrite", "totalTokens", "cost"] as const;
const COST_KEYS = ["input", "output", "cacheRead", "cacheWrite", "total"] as const;
const WIDTH = 10;

type Obj = Record<string, unknown>;

/** The packed usage records of one session file. */
export class PackedUsages {
	private numbers = new Float64Array(WIDTH * 64);
	private count = 0;

	/** Keeps `value` as numbers and returns its slot, or -1 when it is not exactly pi's usage shape. */
	pack(value: unknown): number {
		if (!hasKeys(value, USAGE_KEYS)) return -1;
		const cost = value.cost;
		if (!hasKeys(cost, COST_KEYS)) return -1;
		for (let i = 0; i < 5; i++) {
			if (typeof value[USAGE_KEYS[i] as string] !== "number" || typeof cost[COST_KEYS[i] as string] !== "number") return -1;
		}
		if ((this.count + 1) * WIDTH > this.numbers.length) this.resize(Math.max(WIDTH * 64, this.numbers.length * 2));
		const n = this.numbers;
		const at = this.count * WIDTH;
		for (let i = 0; i < 5; i++) {
			n[at + i] = value[USAGE_KEYS[i] as string] as number;
			n[at + 5 + i] = cost[COST_KEYS[i] as string] as number;
		}
		return this.count++;
	}

	/** The record in `slot`, as a new object with the file's key order. */
	at(slot: number): Obj {
		const n = this.numbers;
		const i = slot * WIDTH;
		return {
			input: n[i],
			output: n[i + 1],
			cacheRead: n[i + 2],
			cacheWrite: n[i + 3],
			totalTokens: n[i + 4],
			cost: { input: n[i + 5], output: n[i + 6], cacheRead: n[i + 7], cacheWrite: n[i + 8], total: n[i + 9] },
		};
	}

	/** Drops the room kept for growth (once the file is read). */
	trim(): void {
		this.resize(this.count * WIDTH);
	}

	private resize(length: number): void {
		const next = new Float64Array(length);
		next.set(this.numbers.subarray(0, Math.min(length, this.count * WIDTH)));
		this.numbers = next;
	}
}

/** True when `value` is a plain object whose own keys are exactly `keys`, in that order. */
function hasKeys(value: unknown, keys: readonly string[]): value is Obj {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
	const own = Object.keys(value);
	if (own.length !== keys.length) return false;
	for (let i = 0; i < keys.length; i++) if (own[i] !== keys[i]) return false;
	return Object.getPrototypeOf(value) === Object.prototype;
}
