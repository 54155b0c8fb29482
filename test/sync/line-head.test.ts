/** sync/line-head.ts: an entry line's type, id and parent from its head, or undefined when it must be parsed. */
import { describe, expect, it } from "vitest";
import { lineHead, parses } from "../../source/sync/line-head.js";

const head = (text: string) => {
	const buf = Buffer.from(`xx${text}yy`);
	return lineHead(buf, 2, buf.length - 2);
};

describe("lineHead", () => {
	it("reads the head arbor and pi write", () => {
		expect(head('{"type":"message","id":"a1b2c3d4","parentId":null,"timestamp":"t","message":{"id":"inner"}}')).toEqual({ type: "message", id: "a1b2c3d4", parentId: null });
		expect(head('{"type":"label","id":"ü-1","parentId":"p0"}')).toEqual({ type: "label", id: "ü-1", parentId: "p0" });
	});

	it("leaves every other shape to a parse", () => {
		for (const text of [
			'{"id":"a","type":"message","parentId":null}', // another key order
			'{"type":"message","id":"a\\"b","parentId":null}', // an escape in the id
			'{"type":"message","id":"","parentId":null}', // an empty id
			'{"type":"message","id":"a","parentId":7}', // a parent that is no string
			'{"type":"message","id":"a","parentId":null', // torn: no closing brace
			'{"type":"message","id":"a","parentIdX":null}',
			"",
		])
			expect(head(text), text).toBeUndefined();
	});

	it("a damaged line can have a sound head: parses() is what keeps it from moving", () => {
		const damaged = '{"type":"message","id":"a","parentId":null,"x":}';
		expect(head(damaged)).toEqual({ type: "message", id: "a", parentId: null });
		expect(parses(damaged)).toBe(false);
		expect(parses('{"type":"message","id":"a","parentId":null}')).toBe(true);
		expect(parses("[1]")).toBe(false);
	});
});
