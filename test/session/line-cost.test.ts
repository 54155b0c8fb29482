import { describe, expect, it, vi } from "vitest";
import { bufferLineCost } from "../../source/session/line-cost.js";
import { lineCost } from "../../source/session/usage.js";

const reply = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	JSON.stringify({ type: "message", id: "a1", parentId: "u1", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "assistant", ...message }, ...extra });
const usage = (total: unknown) => ({ input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0.1, output: 0.2, cacheRead: 0, cacheWrite: 0, total } });
const content = [{ type: "text", text: "hi" }];

/** Lines whose cost the listing reads: each must give what parsing the whole line gives. */
const LINES: [string, string][] = [
	["pi's order", reply({ content, api: "x", provider: "p", model: "m", usage: usage(0.3), stopReason: "stop", timestamp: 1 })],
	["an error message with braces and brackets after the usage", reply({ content, usage: usage(0.25), stopReason: "error", errorMessage: 'bad {"cost":{"total":9}} [x] \\ "q"', timestamp: 1 })],
	["a tool call whose arguments hold a cost object, before the usage", reply({ content: [{ type: "toolCall", id: "t", name: "n", arguments: { usage: { cost: { total: 7 } } } }], usage: usage(0.5), timestamp: 1 })],
	["the usage before a content that holds a cost object", reply({ usage: usage(0.5), content: [{ type: "toolCall", id: "t", name: "n", arguments: { usage: { cost: { total: 7 } } } }], timestamp: 1 })],
	["a cost without a total", reply({ content, usage: { input: 1, cost: { input: 1 } }, timestamp: 1 })],
	["a total that is not a number", reply({ content, usage: usage("1"), timestamp: 1 })],
	["a cost on an entry field beside the message", reply({ content }, { details: { usage: { cost: { total: 3 } } } })],
	["a cost on an entry field beside a message with a usage", reply({ content, usage: usage(0.5), stopReason: "stop" }, { details: { usage: { cost: { total: 3 } } } })],
	["a string in the usage", reply({ content, usage: { input: 1, note: "x", cost: { total: 2 } }, stopReason: "stop", timestamp: 1 })],
	["a user message that names a cost", JSON.stringify({ type: "message", id: "u", parentId: null, timestamp: "t", message: { role: "user", content: [{ type: "text", text: '"cost":{"total":4}' }], usage: usage(4) } })],
	["a torn line", reply({ content, usage: usage(0.3), timestamp: 1 }).slice(0, -2)],
	["non-ASCII text", reply({ content: [{ type: "text", text: "日本語 😀 {" }], usage: usage(0.125), stopReason: "stop", timestamp: 1 })],
];

describe("bufferLineCost", () => {
	it.each(LINES)("reads what parsing the line reads: %s", (_name, line) => {
		const buf = Buffer.from(`xx\n${line}\nyy`);
		const start = 3;
		const end = start + Buffer.byteLength(line);
		expect(bufferLineCost(buf, start, end)).toBe(lineCost(line));
	});

	it("reads the shape arbor and pi write from its bytes, without parsing the line", () => {
		const line = LINES[0]?.[1] ?? "";
		const parse = vi.spyOn(JSON, "parse");
		expect(bufferLineCost(Buffer.from(line), 0, Buffer.byteLength(line))).toBe(0.3);
		expect(parse.mock.calls.map(([text]) => text)).toEqual(['{"input":0.1,"output":0.2,"cacheRead":0,"cacheWrite":0,"total":0.3}']);
		parse.mockRestore();
	});
});
