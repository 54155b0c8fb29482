import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverExtensions } from "../../source/extensions/discover.js";
import { setUpExtensions } from "../../source/extensions/setup.js";
import { compactNow } from "../../source/navigation/compact.js";
import { entryType } from "../../source/session/entry-guards.js";
import { cleanTempDirs, conversation, summarizer } from "../navigation/helpers.js";
import { put } from "./helpers.js";

const dirs: string[] = [];
const temp = () => {
	const dir = mkdtempSync(join(tmpdir(), "arbor-ext-"));
	dirs.push(dir);
	return dir;
};
afterEach(() => {
	cleanTempDirs();
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A host over `cwd` whose warnings and notices are collected. */
async function host(cwd: string, flags: string[] = []) {
	const lines: string[] = [];
	const stderr = { write: (text: string) => lines.push(text) } as unknown as NodeJS.WritableStream;
	const noModels = async () => ({ resolve: () => ({ ok: false as const, message: "none" }) });
	const ext = await setUpExtensions({ cwd, home: join(cwd, "home"), mode: "command", flags: { extension: flags }, settings: {}, models: noModels, stderr });
	return { ext, lines };
}

describe("discoverExtensions", () => {
	it("lists project, home, settings and flag extensions in that order, each once; skips .d.ts, dotfiles, other files and index-less folders", () => {
		const cwd = temp();
		const home = join(cwd, "home");
		const b = put(cwd, ".arbor/extensions/b.mjs", "");
		const a = put(cwd, ".arbor/extensions/a.ts", "");
		put(cwd, ".arbor/extensions/types.d.ts", "");
		put(cwd, ".arbor/extensions/.hidden.ts", "");
		put(cwd, ".arbor/extensions/notes.md", "");
		put(cwd, ".arbor/extensions/empty/readme.md", "");
		const folder = put(cwd, ".arbor/extensions/c/index.mts", "");
		const h = put(home, "extensions/h.js", "");
		const s = put(home, "lib/s.ts", "");
		const found = discoverExtensions({ cwd, home, settings: ["lib/s.ts"], flags: [a, "lib-flag.ts"] });
		expect(found).toEqual([a, b, folder, h, s, join(cwd, "lib-flag.ts")]);
		expect(discoverExtensions({ cwd, home, flags: [a], enabled: false })).toEqual([]);
	});
});

describe("ExtensionHost", () => {
	it("with no extensions it loads nothing and its bus has no handlers", async () => {
		const { ext, lines } = await host(temp());
		expect(ext.loaded).toEqual([]);
		expect(await ext.bus.emit("session_before_tree", { targetId: "x", oldLeafId: null, commonAncestorId: null, entriesToSummarize: [], userWantsSummary: false })).toEqual({});
		expect(lines).toEqual([]);
	});

	it("an extension's session_before_compact summary is stored with fromHook; ctx sees the session", async () => {
		const cwd = temp();
		put(cwd, ".arbor/extensions/compact.ts", `
			export default (arbor: any) => arbor.on("session_before_compact", (event: any, ctx: any) => ({
				compaction: { summary: "hooked: " + event.entriesToSummarize.length + " entries, leaf " + ctx.session.leafId, details: { by: "ext" } },
			}));`);
		const { ext, lines } = await host(cwd);
		const { store, ids } = conversation();
		ext.setStore(store);
		const sum = summarizer(["never used"]);
		const result = await compactNow({ store, model: sum.model, bus: ext.bus, keepRecentTokens: 210 });
		expect(lines).toEqual([]);
		expect(result.status).toBe("compacted");
		expect(result.status === "compacted" && result.entry).toMatchObject({ summary: `hooked: 5 entries, leaf ${ids[7]}`, details: { by: "ext" }, fromHook: true });
		expect(sum.calls).toHaveLength(0);
	});

	it("appendEntry before a session is open throws \"no session is open\" to the extension; once one is, it writes", async () => {
		const cwd = temp();
		put(cwd, ".arbor/extensions/early.ts", `
			export default (arbor: any) => {
				try { arbor.appendEntry("early", 1); } catch (error: any) { (globalThis as any).arborEarly = error.message; }
				(globalThis as any).arborLater = () => arbor.appendEntry("later", 2);
			};`);
		const { ext } = await host(cwd);
		const seen = globalThis as { arborEarly?: string; arborLater?: () => void };
		expect(seen.arborEarly).toBe("no session is open");
		const { store } = conversation();
		ext.setStore(store);
		seen.arborLater?.();
		expect(store.snapshot().entries.at(-1)).toMatchObject({ type: "custom", customType: "later", data: 2 });
	});

	it("turn(): turn_end gets the turn's entries; entries sent while it runs come after them", async () => {
		const cwd = temp();
		put(cwd, ".arbor/extensions/t.ts", `
			export default (arbor: any) => {
				arbor.on("turn_start", () => { (globalThis as any).arborLateNote = () => arbor.sendMessage({ customType: "late", content: "late note", display: false }); });
				arbor.on("turn_end", (event: any) => arbor.appendEntry("seen", event.entries.map((e: any) => e.message?.role ?? e.type)));
			};`);
		const { ext } = await host(cwd);
		const { store } = conversation();
		const before = store.snapshot().entries.length;
		// The extension sends its note in the middle of the turn (between the turn's own entries), not on a timer.
		const result = await ext.turn({ store, prompt: "hi" }, async () => {
			store.appendMessage({ role: "user", content: "hi", timestamp: 1 });
			(globalThis as { arborLateNote?: () => void }).arborLateNote?.();
			store.appendMessage({ role: "assistant", content: [{ type: "text", text: "yo" }], stopReason: "stop", timestamp: 2 } as never);
			return { ok: true, text: "yo" };
		});
		expect(result).toEqual({ ok: true, text: "yo" });
		const added = store.snapshot().entries.slice(before).map((e) => (e.type === "message" ? e.message.role : `${entryType(e)}:${String(e.customType)}`));
		expect(added).toEqual(["user", "assistant", "custom_message:late", "custom:seen"]);
		expect(store.snapshot().entries.at(-1)).toMatchObject({ data: ["user", "assistant"] });
	});

	it("commands: the first registration of a name wins; a throwing command is a warning; unknown names are not handled", async () => {
		const cwd = temp();
		const one = put(cwd, ".arbor/extensions/1.ts", `export default (a: any) => a.registerCommand("hi", { description: "one", handler: () => { throw new Error("nope"); } });`);
		put(cwd, ".arbor/extensions/2.ts", `export default (a: any) => a.registerCommand("hi", { description: "two", handler: () => {} });`);
		const bad = put(cwd, ".arbor/extensions/3.ts", `export default (a: any) => a.on("session_teleport", () => {});`);
		const { ext, lines } = await host(cwd);
		expect(ext.commands()).toEqual([{ name: "hi", description: "one", path: expect.stringContaining("1.ts") }]);
		expect(await ext.runCommand("hi", "")).toBe(true);
		expect(await ext.runCommand("bye", "")).toBe(false);
		expect(lines).toEqual([
			`arbor: warning: extension ${bad}: threw while loading: unknown event "session_teleport"\n`,
			`arbor: warning: extension ${one}: /hi failed: nope\n`,
		]);
	});
});

describe("ExtensionHost.reload (/reload)", () => {
	const versioned = (v: string) => `export default function (arbor) { arbor.registerCommand("v", { description: "${v}", handler: () => {} }); }\n`;

	it("reads every kind of extension file again: .ts (jiti), .mjs and .js of a type-module package (Node's own import)", async () => {
		const cwd = temp();
		const files = [
			put(cwd, "ts/ext.ts", versioned("one").replace("(arbor)", "(arbor: any)")),
			put(cwd, "mjs/ext.mjs", versioned("one")),
			put(cwd, "esm/ext.js", versioned("one")),
		];
		put(cwd, "esm/package.json", JSON.stringify({ type: "module" }));
		for (const file of files) {
			const { ext, lines } = await host(cwd, [file]);
			expect(ext.commands()).toEqual([{ name: "v", description: "one", path: expect.any(String) }]);
			put(cwd, file.slice(cwd.length + 1), versioned("two").replace("(arbor)", file.endsWith(".ts") ? "(arbor: any)" : "(arbor)"));
			let heard = 0;
			ext.onReload(() => heard++);
			await ext.reload([file]);
			expect(ext.commands()).toEqual([{ name: "v", description: "two", path: expect.any(String) }]);
			expect(heard).toBe(1);
			expect(lines).toEqual([]);
		}
	});

	it("takes the old handlers off the bus: an event reaches only the reloaded extension", async () => {
		const cwd = temp();
		const log = join(cwd, "log.txt");
		const body = (v: string) =>
			`import { appendFileSync } from "node:fs";\nexport default function (arbor: any) { arbor.on("turn_start", () => appendFileSync(${JSON.stringify(log)}, "${v}\\n")); }\n`;
		const file = put(cwd, "ext.ts", body("one"));
		const { ext } = await host(cwd, [file]);
		put(cwd, "ext.ts", body("two"));
		await ext.reload([file]);
		await ext.bus.emit("turn_start", { prompt: "hi" });
		expect(readFileSync(log, "utf8")).toBe("two\n");
	});
});

describe("ExtensionHost.runTool (an extension's tool called by the model)", () => {
	it("a call that never settles ends at the time limit: the call's error and one warning naming the extension; a bad result too", async () => {
		const cwd = temp();
		const file = put(
			cwd,
			"ext.ts",
			`export default function (arbor: any) {
				arbor.registerTool({ name: "hang", description: "never answers", execute: () => new Promise(() => {}) });
				arbor.registerTool({ name: "odd", description: "answers a number", execute: () => 42 });
			}\n`,
		);
		const lines: string[] = [];
		const stderr = { write: (text: string) => lines.push(text) } as unknown as NodeJS.WritableStream;
		const noModels = async () => ({ resolve: () => ({ ok: false as const, message: "none" }) });
		const ext = await setUpExtensions({ cwd, home: join(cwd, "home"), mode: "command", flags: { extension: [file] }, settings: {}, models: noModels, stderr, timeoutMs: 100 });
		expect(ext.tools().map((t) => t.name)).toEqual(["hang", "odd"]);
		await expect(ext.runTool("hang", {})).rejects.toThrow("hang did not finish within 0.1 s (extensionTimeout); carrying on without it");
		await expect(ext.runTool("odd", {})).rejects.toThrow("odd returned a number, not text");
		expect(lines).toEqual([
			`arbor: warning: extension ${file}: tool hang did not finish within 0.1 s (extensionTimeout); carrying on without it\n`,
			`arbor: warning: extension ${file}: tool odd returned a number, not text\n`,
		]);
	});

	it("tool_call: a block with its reason stops the call; a result of the wrong shape is one warning and the call runs", async () => {
		const cwd = temp();
		const file = put(
			cwd,
			"guard.ts",
			`export default function (arbor: any) {
				arbor.on("tool_call", (e: any) => e.toolName === "bash" ? { block: true, reason: " no shell " } : e.toolName === "write" ? { block: "yes" } : undefined);
			}\n`,
		);
		const { ext, lines } = await host(cwd, [file]);
		expect(await ext.beforeToolCall({ toolName: "bash", input: { command: "ls" } })).toBe("no shell");
		expect(await ext.beforeToolCall({ toolName: "read", input: {} })).toBeUndefined();
		expect(await ext.beforeToolCall({ toolName: "write", input: {} })).toBeUndefined();
		expect(lines).toEqual([`arbor: warning: extension ${file}: tool_call handler returned a bad result (block: expected boolean, received string); ignored\n`]);
	});
});
