import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EventBus, type BeforeForkEvent, type ForkEvent } from "../../source/events/bus.js";
import { forkBeforeUserMessage, forkFromEntry } from "../../source/navigation/fork.js";
import { SessionStore } from "../../source/session/store.js";
import { FileWatch, cleanTempDirs, exampleTree, say, tempDir, user } from "./helpers.js";

afterEach(cleanTempDirs);

function lines(file: string): Record<string, unknown>[] {
	return fs
		.readFileSync(file, "utf8")
		.split("\n")
		.filter((l) => l !== "")
		.map((l) => JSON.parse(l) as Record<string, unknown>);
}

function recordingBus(cancel = false) {
	const bus = new EventBus();
	const before: BeforeForkEvent[] = [];
	const after: ForkEvent[] = [];
	bus.on("session_before_fork", (event) => {
		before.push(event);
		return cancel ? { cancel: true } : undefined;
	});
	bus.on("session_fork", (event) => void after.push(event));
	return { bus, before, after };
}

describe("forkFromEntry", () => {
	it("copies root → entry into a new file with parentSession and fires both events", async () => {
		const { store, ids } = exampleTree();
		const sourceFile = store.file!;
		const watch = new FileWatch(sourceFile);
		const forks = tempDir();
		const { bus, before, after } = recordingBus();
		const result = await forkFromEntry({ view: store.snapshot(), sourceFile, entryId: ids.E!, sessionDir: forks, cwd: "/w", bus });
		if (result.status !== "forked") throw new Error("expected a fork");
		expect(result.file).toBe(result.store.file);
		expect(path.dirname(result.file!)).toBe(forks);
		const copied = lines(result.file!);
		expect(copied[0]).toMatchObject({ type: "session", cwd: "/w", parentSession: sourceFile, id: result.store.id });
		expect(copied.slice(1)).toEqual(["A", "B", "C", "D", "E"].map((n) => store.snapshot().getEntry(ids[n]!)));
		expect(result.store.snapshot().leafId).toBe(ids.E);
		expect(before).toEqual([{ sourceFile, entryId: ids.E }]);
		expect(after).toEqual([{ sourceFile, newFile: result.file, entryId: ids.E }]);
		watch.unchanged();
		result.store.close();
		store.close();
	});

	it("a session_before_fork cancel writes no file", async () => {
		const { store, ids } = exampleTree();
		const forks = tempDir();
		const { bus, before, after } = recordingBus(true);
		const result = await forkFromEntry({ view: store.snapshot(), sourceFile: store.file, entryId: ids.E!, sessionDir: forks, cwd: "/w", bus });
		expect(result).toEqual({ status: "cancelled" });
		expect(fs.readdirSync(forks)).toEqual([]);
		expect(before).toHaveLength(1);
		expect(after).toEqual([]);
		store.close();
	});

	it("a throwing session_fork handler releases the new file's lock before rethrowing", async () => {
		const { store, ids } = exampleTree();
		const forks = tempDir();
		const bus = new EventBus();
		bus.on("session_fork", () => {
			throw new Error("extension broke");
		});
		await expect(forkFromEntry({ view: store.snapshot(), entryId: ids.B!, sessionDir: forks, cwd: "/w", bus })).rejects.toThrow("extension broke");
		const [name] = fs.readdirSync(forks).filter((n) => n.endsWith(".jsonl"));
		const reopened = SessionStore.open(path.join(forks, name!), { write: true });
		expect(reopened.snapshot().leafId).toBe(ids.B);
		reopened.close();
		store.close();
	});

	it("an unknown entry id throws unknown-id and fires nothing", async () => {
		const { store } = exampleTree();
		const { bus, before } = recordingBus();
		await expect(forkFromEntry({ view: store.snapshot(), entryId: "zzzz", sessionDir: tempDir(), cwd: "/w", bus })).rejects.toThrow('no entry with id "zzzz"');
		expect(before).toEqual([]);
		store.close();
	});
});

describe("forkBeforeUserMessage (/fork)", () => {
	it("forks root → the message's parent and returns its text", async () => {
		const { store, ids } = exampleTree();
		const sourceFile = store.file!;
		const { bus, before } = recordingBus();
		const result = await forkBeforeUserMessage({ view: store.snapshot(), sourceFile, messageId: ids.C!, sessionDir: tempDir(), cwd: "/w", bus });
		if (result.status !== "forked") throw new Error("expected a fork");
		expect(result.editorText).toBe("try approach one");
		expect(before).toEqual([{ sourceFile, entryId: ids.B }]);
		expect(lines(result.file!).slice(1).map((e) => e.id)).toEqual([ids.A, ids.B]);
		expect(result.store.snapshot().leafId).toBe(ids.B);
		result.store.close();
		store.close();
	});

	it("a root message gives an empty lazy session with parentSession", async () => {
		const { store, ids } = exampleTree();
		const sourceFile = store.file!;
		const forks = tempDir();
		const { bus, before, after } = recordingBus();
		const result = await forkBeforeUserMessage({ view: store.snapshot(), sourceFile, messageId: ids.A!, sessionDir: forks, cwd: "/w", bus });
		if (result.status !== "forked") throw new Error("expected a fork");
		expect(result.editorText).toBe("start the project");
		expect(result.store.snapshot().leafId).toBeNull();
		expect(before).toEqual([{ sourceFile, entryId: null }]);
		expect(after).toEqual([{ sourceFile, newFile: result.file, entryId: null }]);
		expect(fs.readdirSync(forks)).toEqual([]);
		result.store.appendMessage(user("again"));
		result.store.appendMessage(say("fresh start"));
		const written = lines(result.file!);
		expect(written[0]).toMatchObject({ type: "session", cwd: "/w", parentSession: sourceFile });
		expect(written.slice(1).map((e) => (e.message as { role: string }).role)).toEqual(["user", "assistant"]);
		result.store.close();
		store.close();
	});

	it("a cancelled /fork creates nothing (root or not)", async () => {
		const { store, ids } = exampleTree();
		const { bus } = recordingBus(true);
		const forks = tempDir();
		const result = await forkBeforeUserMessage({ view: store.snapshot(), messageId: ids.C!, sessionDir: forks, cwd: "/w", bus });
		expect(result).toEqual({ status: "cancelled" });
		expect(await forkBeforeUserMessage({ view: store.snapshot(), messageId: ids.A!, sessionDir: forks, cwd: "/w", bus })).toEqual({ status: "cancelled" });
		expect(fs.readdirSync(forks)).toEqual([]);
		store.close();
	});

	it("rejects an entry that is not a user message", async () => {
		const { store, ids } = exampleTree();
		const opts = { view: store.snapshot(), sessionDir: tempDir(), cwd: "/w" };
		await expect(forkBeforeUserMessage({ ...opts, messageId: ids.B! })).rejects.toThrow(`entry "${ids.B}" is not a user message`);
		await expect(forkBeforeUserMessage({ ...opts, messageId: "zzzz" })).rejects.toThrow('no entry with id "zzzz"');
		store.close();
	});
});
