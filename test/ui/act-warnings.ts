import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";

/**
 * Makes every test in the file fail when React reports a state update outside act(): such an
 * update means an assertion may have run against a frame that was about to change.
 */
export function failOnActWarnings(): void {
	let spy: MockInstance<typeof console.error> | undefined;
	const warnings: string[] = [];
	beforeEach(() => {
		warnings.length = 0;
		const original = console.error;
		spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
			const text = args.map(String).join(" ");
			if (text.includes("not wrapped in act")) warnings.push(text.split("\n")[0]!);
			else original(...args);
		});
	});
	afterEach(() => {
		spy?.mockRestore();
		expect(warnings).toEqual([]);
	});
}
