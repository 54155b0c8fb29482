import { describe, expect, it } from "vitest";
import { KeyBus } from "../../../source/ui/input/key-bus.js";
import { key, type KeyEvent } from "../../../source/ui/input/key-event.js";

describe("KeyBus", () => {
	it("delivers one key, then waits for the commit it asked for before the next", () => {
		const seen: string[] = [];
		let commits = 0;
		const bus = new KeyBus(() => commits++);
		bus.add({ handle: { current: (e: KeyEvent) => void seen.push(e.kind === "key" ? e.name : "text") } });
		bus.enqueue([key("down"), key("down")]);
		bus.enqueue([key("return")]);
		expect(seen).toEqual(["down"]);
		expect(commits).toBe(1);
		bus.committed();
		expect(seen).toEqual(["down", "down"]);
		bus.committed();
		expect(seen).toEqual(["down", "down", "return"]);
		bus.committed();
		bus.committed();
		expect(seen).toHaveLength(3);
		expect(commits).toBe(3);
	});

	it("a handler added by the previous key (a screen it opened) gets the next key", () => {
		const seen: string[] = [];
		const bus = new KeyBus(() => {});
		const second = { handle: { current: () => void seen.push("new screen") } };
		const first = {
			handle: {
				current: () => {
					seen.push("old screen");
					remove();
					bus.add(second);
				},
			},
		};
		const remove = bus.add(first);
		bus.enqueue([key("return"), key("down")]);
		bus.committed();
		expect(seen).toEqual(["old screen", "new screen"]);
	});

	it("hands a key nobody listens for to the unheard callback, and only then", () => {
		const unheard: string[] = [];
		const bus = new KeyBus(() => {}, (e) => void unheard.push(e.kind === "key" ? e.name : "text"));
		bus.enqueue([key("c", { ctrl: true })]);
		expect(unheard).toEqual(["c"]);
		bus.committed();
		bus.add({ handle: { current: () => {} } });
		bus.enqueue([key("x")]);
		expect(unheard).toEqual(["c"]);
	});
});
