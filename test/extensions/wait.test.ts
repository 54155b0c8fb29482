import { describe, expect, it, vi } from "vitest";
import { settle } from "../../source/extensions/wait.js";

describe("settle: waiting for an extension's handler", () => {
	it("a signal that arrives while the handler is still starting interrupts the wait (the listener is in place first)", async () => {
		const result = await settle(
			() => {
				// A handler that says it is waiting, and the user's Ctrl+C arriving before it returns.
				process.emit("SIGINT", "SIGINT");
				return new Promise<never>(() => {});
			},
			{ limitMs: 5_000, interruptible: true },
		);
		expect(result).toEqual({ status: "interrupted", signal: "SIGINT" });
		expect(process.listenerCount("SIGINT")).toBe(0);
	});

	it("a plain value and a resolved promise are done; a throw is threw; the listeners are gone after", async () => {
		expect(await settle(() => 7, { limitMs: 1_000, interruptible: true })).toEqual({ status: "done", value: 7 });
		expect(await settle(() => Promise.resolve(8), { limitMs: 1_000, interruptible: true })).toEqual({ status: "done", value: 8 });
		const boom = new Error("boom");
		expect(await settle(() => { throw boom; }, { limitMs: 1_000, interruptible: true })).toEqual({ status: "threw", error: boom });
		expect(process.listenerCount("SIGINT")).toBe(0);
		expect(process.listenerCount("beforeExit")).toBe(0);
	});

	it("a handler past the limit times out", async () => {
		expect(await settle(() => new Promise(() => {}), { limitMs: 20, interruptible: false })).toEqual({ status: "timeout" });
	});

	it("while paused (a dialog of the handler's is open) the limit starts again instead of ending the wait", async () => {
		vi.useFakeTimers();
		try {
			let answer: (value: string) => void = () => {};
			let open = true;
			let checks = 0;
			const waiting = settle(() => new Promise<string>((resolve) => (answer = resolve)), {
				limitMs: 20,
				interruptible: false,
				paused: () => (checks++, open),
			});
			await vi.advanceTimersByTimeAsync(60); // three limits pass while the dialog is open
			expect(checks).toBe(3);
			answer("answered");
			expect(await waiting).toEqual({ status: "done", value: "answered" });
			// Once it is closed, the limit ends a wait again.
			open = false;
			const late = settle(() => new Promise(() => {}), { limitMs: 20, interruptible: false, paused: () => open });
			await vi.advanceTimersByTimeAsync(20);
			expect(await late).toEqual({ status: "timeout" });
		} finally {
			vi.useRealTimers();
		}
	});
});
