import { describe, expect, it } from "vitest";
import { centredWindow } from "../../source/ui/widgets/list-window.js";

describe("centredWindow (the /tree selector and the pick lists)", () => {
	it("centres the selection", () => expect(centredWindow(100, 50, 10)).toEqual({ start: 45, end: 55 }));
	it("clamps at the top", () => expect(centredWindow(100, 2, 10)).toEqual({ start: 0, end: 10 }));
	it("clamps at the bottom", () => expect(centredWindow(100, 98, 10)).toEqual({ start: 90, end: 100 }));
	it("a list shorter than the window is shown whole", () => expect(centredWindow(3, 2, 10)).toEqual({ start: 0, end: 3 }));
	it("an empty list is an empty window", () => expect(centredWindow(0, 0, 10)).toEqual({ start: 0, end: 0 }));
});
