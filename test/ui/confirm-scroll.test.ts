import { describe, expect, it } from "vitest";
import { previewRows, scrolled } from "../../source/ui/chat/confirm-prompt.js";

describe("the confirmation's scrolling", () => {
	it("keeps the window full: clamped at both ends, pages by the window's height", () => {
		const [page, total] = [20, 82];
		expect(scrolled("confirm.down", 0, page, total)).toBe(1);
		expect(scrolled("confirm.up", 0, page, total)).toBe(0);
		expect(scrolled("confirm.pageDown", 20, page, total)).toBe(40);
		expect(scrolled("confirm.pageDown", 60, page, total)).toBe(62);
		expect(scrolled("confirm.last", 0, page, total)).toBe(62);
		expect(scrolled("confirm.pageUp", 10, page, total)).toBe(0);
		expect(scrolled("confirm.first", 40, page, total)).toBe(0);
		expect(scrolled("confirm.down", 0, page, 5)).toBe(0);
	});
	it("leaves room for the header, the choices, the live area and the status line", () => {
		expect(previewRows(24)).toBe(11);
		expect(previewRows(40)).toBe(27);
		expect(previewRows(5)).toBe(3);
	});
});
