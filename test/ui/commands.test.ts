import { describe, expect, it } from "vitest";
import { COMMANDS, completions, parseInput, runCommand, type CommandHandlers } from "../../source/ui/commands.js";

describe("commands", () => {
	it("parses a command with arguments", () => expect(parseInput("/label  my point ")).toEqual({ kind: "command", name: "label", args: "my point" }));
	it("parses a command without arguments", () => expect(parseInput("/tree")).toEqual({ kind: "command", name: "tree", args: "" }));
	it("unknown command", () => expect(parseInput("/frobnicate x")).toEqual({ kind: "unknown", name: "frobnicate", args: "x" }));
	it("plain text and paths are prompts", () => {
		expect(parseInput("hello")).toEqual({ kind: "prompt", text: "hello" });
		expect(parseInput("/usr/bin is odd")).toEqual({ kind: "prompt", text: "/usr/bin is odd" });
	});
	it("!command runs a shell command, !!command keeps it out of the context; a lone ! or !! is a prompt", () => {
		expect(parseInput("!ls -la")).toEqual({ kind: "bash", command: "ls -la", exclude: false });
		expect(parseInput("  !! git status  ")).toEqual({ kind: "bash", command: "git status", exclude: true });
		expect(parseInput("!echo a\necho b")).toEqual({ kind: "bash", command: "echo a\necho b", exclude: false });
		expect(parseInput("!")).toEqual({ kind: "prompt", text: "!" });
		expect(parseInput("!!")).toEqual({ kind: "prompt", text: "!!" });
		expect(parseInput("wow!")).toEqual({ kind: "prompt", text: "wow!" });
	});
	it("completes by prefix", () => expect(completions("/n").map((c) => c.name)).toEqual(["name", "new"]));
	it("lists all commands for a bare slash", () => expect(completions("/")).toEqual(COMMANDS));
	it("/search takes the rest of the line as its query", () => expect(parseInput("/search  re:(a|b)  x")).toEqual({ kind: "command", name: "search", args: "re:(a|b)  x" }));
	it("lists extensions' commands after the built-in ones; a built-in name wins", () => {
		const extra = [{ name: "note", description: "add a note" }, { name: "tree", description: "shadowed" }];
		expect(completions("/n", extra).map((c) => c.name)).toEqual(["name", "new", "note"]);
		expect(completions("/tree", extra).map((c) => c.description)).toEqual(["browse the conversation tree and jump to any point"]);
	});
	it("no completion once arguments start", () => expect(completions("/name x")).toEqual([]));
	it("runCommand dispatches to the handler and reports unknown names", async () => {
		const calls: string[] = [];
		const handlers = new Proxy({}, { get: (_t, name) => (args: string) => void calls.push(`${String(name)}(${args})`) }) as CommandHandlers;
		expect(await runCommand(parseInput("/name demo"), handlers, (n) => calls.push(`unknown ${n}`))).toBe(true);
		expect(await runCommand(parseInput("/x"), handlers, (n) => calls.push(`unknown ${n}`))).toBe(true);
		expect(await runCommand(parseInput("hi"), handlers, (n) => calls.push(`unknown ${n}`))).toBe(false);
		expect(calls).toEqual(["name(demo)", "unknown x"]);
	});
});
