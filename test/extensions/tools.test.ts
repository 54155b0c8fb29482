import { describe, expect, it } from "vitest";
import { checkTool, toolOutput } from "../../source/extensions/tools.js";

const execute = () => "ok";

describe("checkTool (registerTool's argument)", () => {
	it("keeps a name, a description, an object schema (a JSON copy) and execute; no parameters is an empty object schema", () => {
		const parameters = { type: "object", properties: { n: { type: "number" } } };
		const checked = checkTool({ name: "count_lines", description: "Counts", parameters, execute });
		expect(checked).toEqual({ ok: true, tool: { name: "count_lines", description: "Counts", parameters, execute } });
		expect(checked.ok && checked.tool.parameters).not.toBe(parameters);
		expect(checkTool({ name: "t", description: "d", execute })).toMatchObject({ ok: true, tool: { parameters: { type: "object", properties: {} } } });
	});

	it("says why for a bad name, a built-in's name, no description, no execute, a schema that is not an object's or not JSON", () => {
		const reason = (o: unknown) => {
			const c = checkTool(o);
			return c.ok ? "ok" : c.reason;
		};
		expect(reason({ name: "has space", description: "d", execute })).toMatch(/^invalid tool name "has space"/);
		expect(reason({ name: "x".repeat(65), description: "d", execute })).toMatch(/^invalid tool name/);
		expect(reason(undefined)).toMatch(/^invalid tool name "undefined"/);
		expect(reason({ name: "read", description: "d", execute })).toBe('"read" is a built-in tool');
		expect(reason({ name: "t", description: " ", execute })).toBe("t: needs a description (a string)");
		expect(reason({ name: "t", description: "d" })).toBe("t: needs execute (a function)");
		expect(reason({ name: "t", description: "d", execute, parameters: { type: "string" } })).toMatch(/^t: parameters must be a JSON Schema of an object/);
		const cycle: Record<string, unknown> = { type: "object" };
		cycle.self = cycle;
		expect(reason({ name: "t", description: "d", execute, parameters: cycle })).toMatch(/^t: parameters must be/);
	});
});

describe("toolOutput (what execute returned)", () => {
	it("takes a string, {output, isError} and pi's {content: [text parts], isError}", () => {
		expect(toolOutput("plain")).toEqual({ ok: true, value: { output: "plain" } });
		expect(toolOutput({ output: "bad input", isError: true })).toEqual({ ok: true, value: { output: "bad input", isError: true } });
		expect(toolOutput({ content: [{ type: "text", text: "a" }, { type: "image", data: "…" }, { type: "text", text: "b" }] })).toEqual({ ok: true, value: { output: "a\nb" } });
	});

	it("refuses anything else with a reason", () => {
		expect(toolOutput(undefined)).toEqual({ ok: false, reason: "returned undefined, not text" });
		expect(toolOutput(null)).toEqual({ ok: false, reason: "returned null, not text" });
		expect(toolOutput(7)).toEqual({ ok: false, reason: "returned a number, not text" });
		expect(toolOutput({ output: 5 })).toMatchObject({ ok: false, reason: expect.stringContaining("without output") });
		const throwing = Object.defineProperty({}, "output", { get: () => { throw new Error("getter"); } });
		expect(toolOutput(throwing)).toMatchObject({ ok: false, reason: expect.stringContaining("unreadable value (getter)") });
	});
});
