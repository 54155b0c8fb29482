import { describe, expect, it } from "vitest";
import { dialogs, type DialogRequest } from "../../source/extensions/dialogs.js";

/** A sink that records each request and answers with `reply(request)`. */
function sink(reply: (request: DialogRequest) => unknown) {
	const asked: DialogRequest[] = [];
	const counter = { open: 0 };
	const openWhileAsked: number[] = [];
	const fn = async (request: DialogRequest) => {
		asked.push(request);
		openWhileAsked.push(counter.open);
		return reply(request);
	};
	return { fn, asked, counter, openWhileAsked };
}

describe("ctx.ui dialogs", () => {
	it("confirm, select and input reach the sink as requests and come back as the user's answers; the counter is up while one is open", async () => {
		const s = sink((r) => (r.kind === "confirm" ? true : r.kind === "select" ? r.options[1] : "typed"));
		const ui = dialogs(s.fn, undefined, s.counter);
		expect(await ui.confirm("Delete?", "all of it")).toBe(true);
		expect(await ui.select("Which?", ["a", "b"])).toBe("b");
		expect(await ui.input("Name?", "a name")).toBe("typed");
		expect(s.asked).toEqual([
			{ kind: "confirm", title: "Delete?", message: "all of it" },
			{ kind: "select", title: "Which?", options: ["a", "b"] },
			{ kind: "input", title: "Name?", placeholder: "a name" },
		]);
		expect(s.openWhileAsked).toEqual([1, 1, 1]);
		expect(s.counter.open).toBe(0);
	});

	it("without a UI: confirm is false, select and input undefined, at once", async () => {
		const ui = dialogs(undefined, undefined, { open: 0 });
		expect(await ui.confirm("Delete?")).toBe(false);
		expect(await ui.select("Which?", ["a"])).toBeUndefined();
		expect(await ui.input("Name?")).toBeUndefined();
	});

	it("an answer that is not one of the options, a cancel, an aborted action and no options are undefined; texts that are not strings are shown as text", async () => {
		const s = sink((r) => (r.kind === "select" ? "not offered" : undefined));
		const ui = dialogs(s.fn, undefined, s.counter);
		expect(await ui.select("Which?", ["a", "b"])).toBeUndefined();
		expect(await ui.select("Empty", [])).toBeUndefined();
		expect(await ui.confirm("Cancelled?")).toBe(false);
		expect(await ui.input("Cancelled?")).toBeUndefined();
		await ui.select(7 as unknown as string, [1, 2] as unknown as string[]);
		expect(s.asked.at(-1)).toEqual({ kind: "select", title: "7", options: ["1", "2"] });
		const aborted = new AbortController();
		aborted.abort();
		expect(await dialogs(s.fn, aborted.signal, s.counter).confirm("Too late")).toBe(false);
		expect(s.asked.map((r) => r.title)).not.toContain("Too late");
	});
});
