import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { hashTree } from "../checkpoints/helpers.js";
import { textReply, toolCallReply } from "../helpers/sse-server.js";
import { piContexts } from "../pi16/pi.js";
import { entryLines, git, worldPerTest, sessionsOf, type Side } from "./world.js";

const w = worldPerTest();

async function sync(s: Side, args: string[] = []): Promise<string> {
	const run = await w.cli(s, ["sync", ...args]);
	expect([run.code, run.stderr]).toEqual([0, ""]);
	return run.stdout;
}

/** Every entry id `arbor tree --json` shows, sorted. */
async function treeIds(s: Side, id: string): Promise<string[]> {
	const run = await w.cli(s, ["tree", id, "--json"]);
	const out: string[] = [];
	const walk = (n: { id: string; children: unknown[] }) => {
		out.push(n.id);
		for (const c of n.children) walk(c as typeof n);
	};
	for (const r of JSON.parse(run.stdout).roots) walk(r);
	return out.sort();
}

/** The ids of a file's entries but the leaf markers sync wrote (each machine's own), sorted. */
const sharedIds = (file: string) => entryLines(file).filter((e) => e.data?.sync !== true).map((e) => e.id).sort();

const leafOf = async (s: Side, id: string) => JSON.parse((await w.cli(s, ["context", id, "--json"])).stdout).leafId as string;
const lastText = (messages: any[]) => messages.filter((m) => m.role === "assistant").pop()?.content.find((p: any) => p.type === "text")?.text;

/** A's first session: a write of f.txt (so a checkpoint) and a reply; synced by A, then by B. Its id. */
async function started(): Promise<string> {
	const run = await w.turn(w.a, [toolCallReply([{ id: "c1", name: "write", args: { path: "f.txt", content: "from the laptop\n" } }]), textReply("Wrote it.")], "write f");
	expect(run.code).toBe(0);
	await sync(w.a);
	await sync(w.b);
	const [file] = sessionsOf(w.b);
	return JSON.parse(fs.readFileSync(file!, "utf8").split("\n")[0]!).id;
}

describe("arbor sync between two clones", () => {
	it("B lists A's session, continues it; after both sync they hold the same entries, each its own leaf, and pi reads both", async () => {
		const id = await started();
		const listed = await w.cli(w.b, ["sessions"]);
		expect(listed.stdout).toContain(id.slice(0, 8));
		expect(listed.stdout).toContain(`synced from ann@${os.hostname()}`);
		const [fileA] = sessionsOf(w.a);
		const [fileB] = sessionsOf(w.b);
		expect(fs.readFileSync(fileB!, "utf8").split("\n")[0]).toBe(fs.readFileSync(fileA!, "utf8").split("\n")[0]);
		const leafA = await leafOf(w.a, id);
		expect((await w.turn(w.b, [textReply("Desktop reply.")], "go on", ["-s", id])).code).toBe(0);
		await sync(w.b);
		await sync(w.a);
		expect(await treeIds(w.a, id)).toEqual(await treeIds(w.b, id));
		expect(sharedIds(fileA!)).toEqual(sharedIds(fileB!));
		expect(await leafOf(w.a, id)).toBe(leafA);
		expect(entryLines(fileB!).pop().message.content[0].text).toBe("Desktop reply.");
		const authored = JSON.stringify(JSON.parse((await w.cli(w.a, ["tree", id, "--json"])).stdout));
		expect(authored).toContain(`"preview":"assistant: Desktop reply.","onActivePath":false,"children":[],"role":"assistant","author":"bob@${os.hostname()}"`);
		const [piA] = await piContexts(fileA!);
		const [piB] = await piContexts(fileB!);
		expect([lastText(piA!.messages), lastText(piB!.messages)]).toEqual(["Wrote it.", "Desktop reply."]);
	});

	it("both continue the same entry offline: A, B, A sync to the union with both branches and no duplicate id; syncing again changes nothing", async () => {
		const id = await started();
		const first = entryLines(sessionsOf(w.a)[0]!)[0].id;
		expect((await w.cli(w.a, ["label", id, first, "laptop"])).code).toBe(0);
		expect((await w.turn(w.a, [textReply("Laptop branch.")], "on the laptop", ["-s", id])).code).toBe(0);
		expect((await w.turn(w.b, [textReply("Desktop branch.")], "on the desktop", ["-s", id])).code).toBe(0);
		expect((await w.cli(w.b, ["label", id, first, "desktop"])).code).toBe(0);
		await sync(w.a);
		await sync(w.b);
		await sync(w.a);
		const [fileA] = sessionsOf(w.a);
		const [fileB] = sessionsOf(w.b);
		const idsA = await treeIds(w.a, id);
		expect(idsA).toEqual(await treeIds(w.b, id));
		expect(sharedIds(fileA!)).toEqual(sharedIds(fileB!));
		for (const s of [w.a, w.b]) expect(JSON.parse((await w.cli(s, ["tree", id, "--json"])).stdout).roots[0].label).toBe("desktop");
		for (const file of [fileA!, fileB!]) {
			const ids = entryLines(file).map((e) => e.id);
			expect(new Set(ids).size).toBe(ids.length);
			const texts = entryLines(file).flatMap((e) => (e.message?.role === "assistant" ? e.message.content.filter((p: any) => p.type === "text").map((p: any) => p.text) : []));
			expect(texts).toEqual(expect.arrayContaining(["Laptop branch.", "Desktop branch."]));
		}
		const [piA] = await piContexts(fileA!);
		const [piB] = await piContexts(fileB!);
		expect([lastText(piA!.messages), lastText(piB!.messages)]).toEqual(["Laptop branch.", "Desktop branch."]);
		const before = [fs.readFileSync(fileA!), fs.readFileSync(fileB!)];
		expect(await sync(w.a)).toMatch(/^Nothing to sync/);
		expect(await sync(w.b)).toMatch(/^Nothing to sync/);
		expect(await sync(w.a)).toMatch(/^Nothing to sync/);
		expect([fs.readFileSync(fileA!), fs.readFileSync(fileB!)]).toEqual(before);
	});

	it("B restores a checkpoint taken on A, byte for byte, in B's own clone", async () => {
		const id = await started();
		const [fileB] = sessionsOf(w.b);
		const checkpoint = entryLines(fileB!).filter((e) => e.customType === "arbor.checkpoint").pop();
		expect(fs.existsSync(path.join(w.b.cwd, "f.txt"))).toBe(false);
		const run = await w.cli(w.b, ["restore", id, checkpoint.id]);
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(fs.readFileSync(path.join(w.b.cwd, "f.txt"))).toEqual(fs.readFileSync(path.join(w.a.cwd, "f.txt")));
	});

	it("leaves the user's .git (refs, HEAD, index, config, stash) and the remote's branches as they were", async () => {
		fs.writeFileSync(path.join(w.a.cwd, "readme.txt"), "stashed\n");
		git(w.a.cwd, "stash", "-q");
		const gitDirs = () => [hashTree(path.join(w.a.cwd, ".git")), hashTree(path.join(w.b.cwd, ".git"))];
		const branches = () => git(w.remote, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads", "refs/tags") + git(w.remote, "symbolic-ref", "HEAD");
		const before = { dirs: gitDirs(), branches: branches() };
		await started();
		expect((await w.turn(w.b, [textReply("More.")], "more", ["-c"])).code).toBe(0);
		await sync(w.b);
		await sync(w.a);
		expect({ dirs: gitDirs(), branches: branches() }).toEqual(before);
		expect(git(w.remote, "for-each-ref", "--format=%(refname)", "refs/arbor/")).toMatch(/^refs\/arbor\/sessions\/[0-9a-f-]{36}$/);
	});
});
