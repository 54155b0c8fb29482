import { describe, expect, it } from "vitest";
import { quit, submitLine, useArborRun, waitForReply } from "../helpers/arbor-tmux.js";
import type { ArborTerminal } from "../helpers/arbor-terminal.js";
import { startChat } from "../helpers/chat-run.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";

const fx = useArborRun<ArborTerminal>();


/** Asks before a .env file is read; /pick and /ask open a select and an input. */
const GUARD = `
export default function (arbor: any) {
	arbor.on("tool_call", async (event: any, ctx: any) => {
		if (event.toolName !== "read" || !String(event.input.path).endsWith(".env")) return;
		const ok = await ctx.ui.confirm("Read a secrets file?", "The model wants " + event.input.path + "\\nIt holds API keys.");
		return ok ? undefined : { block: true, reason: "the user said no" };
	});
	arbor.registerCommand("pick", { description: "pick a colour", handler: async (_a: string, ctx: any) => ctx.ui.notify("picked " + (await ctx.ui.select("Which colour?", ["red", "green", "blue"]))) });
	arbor.registerCommand("ask", { description: "ask a name", handler: async (_a: string, ctx: any) => ctx.ui.notify("got " + (await ctx.ui.input("Your name?", "e.g. Ada")) + " (ui: " + ctx.hasUI + ")") });
}
`;

describe("extension dialogs in the chat (virtual terminal)", () => {
	it("a tool_call handler's confirm shows over the chat with its message; Esc says no (the call is blocked), Enter on Yes lets it run", async () => {
		const read = (id: string) => toolCallReply([{ id, name: "read", args: { path: ".env" } }]);
		const replies = [read("r1"), textReply("Left alone"), read("r2"), textReply("Read it")];
		const { t, server } = await startChat(fx, { prefix: "ext-dialogs", files: { ".arbor/extensions/guard.ts": GUARD, ".env": "KEY=value\n" }, replies });
		await submitLine(t, "check the env");
		const dialog = await t.waitForScreen((s) => s.includes("Read a secrets file?") && s.includes("It holds API keys."), "the dialog");
		expect(dialog).toContain("The model wants .env");
		expect(dialog).toMatch(/Yes/);
		t.send("Escape");
		await waitForReply(t, "Left alone");
		const blocked = server.requests[1]!.body.messages.find((m: { role: string }) => m.role === "tool");
		expect(blocked.content).toContain("blocked by an extension: the user said no");
		await submitLine(t, "read it after all");
		// It appeared as Enter sent the message: keys go to the editor until the typing pauses (the hint says when it takes them).
		await t.waitForScreen((s) => s.includes("Read a secrets file?") && s.includes("Enter answers"), "the dialog again, taking keys");
		t.send("Enter");
		await waitForReply(t, "Read it");
		const allowed = server.requests[3]!.body.messages.filter((m: { role: string }) => m.role === "tool").at(-1);
		expect(allowed.content).toContain("KEY=value");
		await quit(t);
	}, 60_000);

	it("a command's select (↓ then Enter) and input (typed text, Enter) answer the extension", async () => {
		const { t } = await startChat(fx, { prefix: "ext-dialogs", files: { ".arbor/extensions/guard.ts": GUARD } });
		await submitLine(t, "/pick");
		await t.waitForScreen((s) => s.includes("Which colour?") && s.includes("blue") && s.includes("Enter answers"), "the select, taking keys");
		t.send("Down", "Enter");
		await t.waitForScreen((s) => s.includes("picked green"), "the choice");
		await submitLine(t, "/ask");
		await t.waitForScreen((s) => s.includes("Your name?") && s.includes("e.g. Ada") && s.includes("Enter answers"), "the input, taking keys");
		t.type("Grace");
		t.send("Enter");
		await t.waitForScreen((s) => s.includes("got Grace (ui: true)"), "the text");
		await quit(t);
	}, 60_000);

	it("setStatus: a lasting part of the status line after the model, removed with undefined", async () => {
		const plan = `export default (arbor: any) => {
	let on = false;
	arbor.registerCommand("plan", { description: "toggle plan mode", handler: (_a: string, ctx: any) => { on = !on; ctx.ui.setStatus("plan", on ? "plan mode \\u001b[31m" : undefined); } });
};\n`;
		const { t } = await startChat(fx, { prefix: "ext-dialogs", files: { ".arbor/extensions/plan.ts": plan } });
		await submitLine(t, "/plan");
		const on = await t.waitForScreen((s) => s.includes("compat:test-model · plan mode"), "the status part");
		expect(on).not.toContain("\u001b[31m");
		await submitLine(t, "/plan");
		await t.waitForScreen((s) => s.includes("compat:test-model · 0/? tokens"), "removed");
		await quit(t);
	}, 60_000);

	it("registerShortcut: a Ctrl key runs its handler at the prompt and /help lists it; a plain key and one the prompt uses are refused with a warning", async () => {
		const keys = `export default (arbor: any) => {
	arbor.registerShortcut("alt+t", { description: "toggle the thing", handler: (ctx: any) => ctx.ui.notify("toggled by a key") });
	arbor.registerShortcut("x", { description: "plain", handler: () => {} });
	arbor.registerShortcut("ctrl+c", { description: "taken", handler: () => {} });
};\n`;
		// Tall enough for /help's keys on one page.
		const { t, dir } = await startChat(fx, { prefix: "ext-dialogs", files: { ".arbor/extensions/keys.ts": keys }, rows: 60 });
		const file = `${dir}/.arbor/extensions/keys.ts`;
		const refused = await t.waitForScreen((s) => s.replace(/\n/g, " ").includes(`registerShortcut("ctrl+c"): Ctrl+C is prompt.clear's key; not added`), "the refused keys named");
		expect(refused.replace(/\n/g, " ")).toContain(`extension ${file}: registerShortcut("x"): a key needs ctrl or alt (a plain key types text); not added;`);
		t.type("draft");
		t.send("M-t");
		await t.waitForScreen((s) => s.includes("toggled by a key"), "the handler ran");
		expect(t.capture()).toContain("› draft");
		t.send("C-u");
		await submitLine(t, "/help");
		await t.waitForScreen((s) => /Alt\+T\s+toggle the thing/.test(s), "/help lists it");
		t.send("Escape");
		await quit(t);
	}, 60_000);

	it("setWidget: lines above the editor (at most 10, the rest counted), removed with undefined", async () => {
		const widget = `export default (arbor: any) => {
	arbor.registerCommand("show", { description: "show", handler: (_a: string, ctx: any) => ctx.ui.setWidget("todos", ["Todo \\u001b[1mbold", "1. [ ] write tests"]) });
	arbor.registerCommand("long", { description: "long", handler: (_a: string, ctx: any) => ctx.ui.setWidget("todos", Array.from({ length: 15 }, (_, i) => "item " + (i + 1))) });
	arbor.registerCommand("hide", { description: "hide", handler: (_a: string, ctx: any) => ctx.ui.setWidget("todos", undefined) });
};\n`;
		const { t } = await startChat(fx, { prefix: "ext-dialogs", files: { ".arbor/extensions/widget.ts": widget } });
		await submitLine(t, "/show");
		const shown = await t.waitForScreen((s) => /Todo bold\n1\. \[ \] write tests\n\n›/.test(s), "the widget above the editor");
		expect(shown).not.toContain("\u001b");
		await submitLine(t, "/long");
		await t.waitForScreen((s) => s.includes("item 9\n… 6 more lines") && !s.includes("item 10"), "ten rows");
		await submitLine(t, "/hide");
		await t.waitForScreen((s) => !s.includes("item 1"), "removed");
		await quit(t);
	}, 60_000);
});
