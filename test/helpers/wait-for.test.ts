import { describe, expect, it } from "vitest";
import { showScreenOnTimeout, waitFor } from "./wait-for.js";

describe("waitFor", () => {
	it("returns the first truthy value", async () => {
		let n = 0;
		await expect(waitFor(() => ++n >= 3 && n)).resolves.toBe(3);
	});

	it("on timeout names what it waited for and shows the frame it was given, not just `false`", async () => {
		const frame = "› hello\nstatus line";
		const error = await waitFor(() => frame.includes("bye"), { timeoutMs: 30, intervalMs: 5, what: "bye", screen: () => frame }).catch((e: Error) => e);
		expect((error as Error).message).toBe(`waitFor timed out waiting for bye (the condition was still false)\n--- last frame ---\n${frame}`);
	});

	it("shows the screen of the mounted harness when the call gives none", async () => {
		let frame = "first";
		const reset = showScreenOnTimeout(() => frame);
		try {
			frame = "second frame";
			const error = await waitFor(() => false, { timeoutMs: 20, intervalMs: 5 }).catch((e: Error) => e);
			expect((error as Error).message).toContain("--- last frame ---\nsecond frame");
		} finally {
			reset();
		}
		const error = await waitFor(() => false, { timeoutMs: 20, intervalMs: 5 }).catch((e: Error) => e);
		expect((error as Error).message).not.toContain("--- last frame ---");
	});

	it("keeps a thrown check's message", async () => {
		const error = await waitFor(() => { throw new Error("boom"); }, { timeoutMs: 20, intervalMs: 5, screen: () => "s" }).catch((e: Error) => e);
		expect((error as Error).message).toBe("waitFor timed out: boom\n--- last frame ---\ns");
	});
});
