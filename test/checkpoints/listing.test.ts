import { describe, expect, it } from "vitest";
import { parseListing } from "../../source/checkpoints/snapshot-files.js";

describe("parseListing (git ls-files -z -t)", () => {
	it("keeps the listed paths and the changed ones, the changed last", () => {
		const listing = parseListing("H a.txt\0C b.txt\0? new.txt\0R gone.txt\0", true);
		expect(listing.all).toEqual(["a.txt", "b.txt", "new.txt", "gone.txt"]);
		expect([...listing.changed]).toEqual(["b.txt", "new.txt", "gone.txt"]);
	});

	// `arbor -p` in /tmp printed "checkpoints off: Maximum call stack size exceeded": the changed
	// paths were spread into push()'s arguments, which V8 refuses past ~125,000 of them.
	it("takes 300,000 new files without overflowing the stack", () => {
		const out = Array.from({ length: 300_000 }, (_, i) => `? f${i}\0`).join("");
		const listing = parseListing(out, true);
		expect(listing.all).toHaveLength(300_000);
		expect(listing.changed.size).toBe(300_000);
	});
});
