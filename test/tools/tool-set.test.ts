import fs from "node:fs";
import path from "node:path";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { ALL_TOOLS, parseToolList, toolPolicy, type ToolName } from "../../source/tools/policy.js";
import { createToolSet, type ConfirmFn } from "../../source/tools/tool-set.js";
import { describeToolCall } from "../../source/tools/describe.js";
import { makeTree, removeTree } from "./fixture.js";

let dir = "";
afterEach(() => removeTree(dir));

const callOpts: ToolExecutionOptions = { toolCallId: "call-1", messages: [] };

function exec(set: ToolSet, name: string, args: unknown, opts = callOpts): Promise<unknown> {
	const t = set[name];
	if (!t?.execute) throw new Error(`no executable tool ${name}`);
	return Promise.resolve(t.execute(args as never, opts));
}

describe("parseToolList", () => {
	it("accepts comma and space separated names in canonical order", () => {
		expect(parseToolList("bash, read grep,,read")).toEqual({ ok: true, tools: ["read", "grep", "bash"] });
		expect(parseToolList("")).toEqual({ ok: true, tools: [] });
	});
	it("lists the valid names for unknown ones", () => {
		expect(parseToolList("read,cat,rm")).toEqual({
			ok: false,
			message: "unknown tools: cat, rm (valid: read, ls, grep, find, write, edit, bash)",
		});
	});
});

describe("toolPolicy", () => {
	it("print mode: read-only by default, listed tools enabled, never asks", () => {
		const p = toolPolicy({ mode: "print" });
		expect(p.enabled).toEqual(["read", "ls", "grep", "find"]);
		const listed = toolPolicy({ mode: "print", tools: ["read", "bash"] });
		expect(listed.enabled).toEqual(["read", "bash"]);
		expect(listed.needsConfirmation("bash")).toBe(false);
	});
	it("interactive: all tools, mutating ones ask unless yes; noTools disables all", () => {
		const p = toolPolicy({ mode: "interactive" });
		expect(p.enabled).toEqual([...ALL_TOOLS]);
		expect(ALL_TOOLS.filter((t) => p.needsConfirmation(t))).toEqual(["write", "edit", "bash"]);
		const yes = toolPolicy({ mode: "interactive", yes: true });
		expect(ALL_TOOLS.filter((t) => yes.needsConfirmation(t))).toEqual([]);
		expect(toolPolicy({ mode: "interactive", noTools: true, tools: ["read"] }).enabled).toEqual([]);
	});
});

describe("describeToolCall", () => {
	it("gives one short line per call", () => {
		expect(describeToolCall("read", { path: "src/a.ts" })).toBe("read src/a.ts");
		expect(describeToolCall("read", { path: "a.ts", offset: 40 })).toBe("read a.ts:40");
		expect(describeToolCall("bash", { command: "npm test\nnpm run build" })).toBe("bash: npm test …");
		expect(describeToolCall("edit", { path: "src/x.ts", oldText: "a", newText: "b" })).toBe("edit src/x.ts");
		expect(describeToolCall("grep", { pattern: "foo", path: "src" })).toBe('grep "foo" in src');
		expect(describeToolCall("ls", {})).toBe("ls .");
		expect(describeToolCall("find", { pattern: "*.ts" })).toBe("find *.ts");
		expect(describeToolCall("write", null)).toBe("write ?");
		expect(describeToolCall("bash", { command: "x".repeat(200) })).toHaveLength(100);
	});
});

describe("createToolSet", () => {
	it("exposes only the enabled tools and runs them through the AI SDK spec", async () => {
		dir = makeTree({ "a.txt": "hello\n" });
		const set = createToolSet({ cwd: dir, enabled: ["read", "ls"] });
		expect(Object.keys(set)).toEqual(["read", "ls"]);
		const result = await exec(set, "read", { path: "a.txt" });
		expect(result).toEqual({
			output: "     1\thello",
			details: { path: path.join(dir, "a.txt"), startLine: 1, endLine: 1, totalLines: 1 },
		});
		const toModel = await set.read!.toModelOutput!({ toolCallId: "c", input: {}, output: result });
		expect(toModel).toEqual({ type: "text", value: "     1\thello" });
		const failed = { output: "oops\nexit code 1", isError: true };
		const errOut = await set.read!.toModelOutput!({ toolCallId: "c", input: {}, output: failed });
		expect(errOut).toEqual({ type: "error-text", value: "oops\nexit code 1" });
	});

	it("asks before mutating tools: no declines, yes runs once, always stops asking", async () => {
		dir = makeTree();
		const asked: string[] = [];
		const answers: ("yes" | "no" | "always")[] = ["no", "yes", "always"];
		const confirm: ConfirmFn = async (req) => {
			asked.push(`${req.toolName}: ${req.description}`);
			return answers.shift() ?? "no";
		};
		const policy = toolPolicy({ mode: "interactive" });
		const set = createToolSet({ cwd: dir, enabled: policy.enabled, confirm, needsConfirmation: policy.needsConfirmation });
		const write = (p: string) => exec(set, "write", { path: p, content: "x" });
		await expect(write("1.txt")).rejects.toThrow("the user declined to run this tool");
		expect(fs.existsSync(path.join(dir, "1.txt"))).toBe(false);
		await write("2.txt");
		await write("3.txt");
		await write("4.txt");
		await exec(set, "ls", {});
		expect(asked).toEqual(["write: write 1.txt", "write: write 2.txt", "write: write 3.txt"]);
		expect(fs.readdirSync(dir).sort()).toEqual(["2.txt", "3.txt", "4.txt"]);
		await expect(exec(set, "bash", { command: "echo" })).rejects.toThrow("the user declined to run this tool");
		expect(asked).toHaveLength(4);
	});

	it("serialises parallel confirmations so an 'always' answer covers calls already waiting", async () => {
		dir = makeTree();
		let asks = 0;
		const confirm: ConfirmFn = async () => {
			asks++;
			return "always";
		};
		const set = createToolSet({ cwd: dir, enabled: ["bash"], confirm, needsConfirmation: () => true });
		const runs = ["a", "b", "c"].map((x) => exec(set, "bash", { command: `echo ${x}` }));
		const results = (await Promise.all(runs)) as { output: string }[];
		expect(results.map((r) => r.output)).toEqual(["a\nexit code 0", "b\nexit code 0", "c\nexit code 0"]);
		expect(asks).toBe(1);
	});

	it("declines when confirmation is needed but nobody can be asked, and honours an aborted signal", async () => {
		dir = makeTree();
		const set = createToolSet({ cwd: dir, enabled: ["edit", "read"], needsConfirmation: (n: ToolName) => n === "edit" });
		await expect(exec(set, "edit", { path: "x", oldText: "a", newText: "b" })).rejects.toThrow(
			"edit needs confirmation and there is no way to ask; the user declined to run this tool",
		);
		const ctrl = new AbortController();
		ctrl.abort();
		await expect(exec(set, "read", { path: "x" }, { ...callOpts, abortSignal: ctrl.signal })).rejects.toThrow(
			"cancelled",
		);
	});
});
