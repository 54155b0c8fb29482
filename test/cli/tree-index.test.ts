// `arbor tree` through the persisted row index beside the session (docs/sessions.md): the same
// output with and without it, after appends by arbor and by other writers, after truncation and
// rewrites, with a damaged index; extended (only the new bytes parsed) on append.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { GEN_SESSION } from "../helpers/shared.js";
import { fixture, tempSessionFile } from "../session/helpers.js";

const at = tempSessionFile();
const index = () => `${at.file}.arbor-index`;
const VIEWS = [["--json"], ["--json", "--filter", "all"], ["--filter", "all"], ["--search", "tree"]];

/** Runs `arbor tree <file> …args`; `note` is what the index did (current, extended by N bytes, rebuilt) or "" (not used). */
async function tree(file: string, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; note: string }> {
	const run = await runCli(["tree", file, ...args], { env: { ARBOR_DEBUG_TREE_INDEX: "1", ARBOR_HOME: path.join(at.dir, "home"), ...env } });
	expect(run.code, run.stderr).toBe(0);
	const note = /arbor: tree index: (.*)\n/.exec(run.stderr)?.[1] ?? "";
	return { stdout: run.stdout, stderr: run.stderr.replace(/arbor: tree index: .*\n/, "").replaceAll(file, "F"), note };
}

/** Every view of the file as printed without the index (ARBOR_TREE_INDEX=off, a copy in a folder of its own). */
async function reference(): Promise<{ stdout: string; stderr: string }[]> {
	const copy = path.join(at.dir, "ref", "s.jsonl");
	fs.rmSync(path.dirname(copy), { recursive: true, force: true });
	fs.mkdirSync(path.dirname(copy));
	fs.copyFileSync(at.file, copy);
	const out = [];
	for (const args of VIEWS) {
		const run = await tree(copy, args, { ARBOR_TREE_INDEX: "off" });
		expect(run.note).toBe("");
		expect(fs.existsSync(`${copy}.arbor-index`)).toBe(false);
		out.push({ stdout: run.stdout, stderr: run.stderr.replaceAll(copy, "F") });
	}
	return out;
}

/** Each view through the index matches the reference; the first run's note is `note`. */
async function expectSameViews(note: string | RegExp): Promise<void> {
	const want = await reference();
	for (const [i, args] of VIEWS.entries()) {
		const got = await tree(at.file, args);
		if (i === 0) expect(got.note).toMatch(note);
		else expect(got.note).toBe("current");
		expect({ args, stdout: got.stdout, stderr: got.stderr }).toEqual({ args, ...want[i] });
	}
}

function generate(n: number): void {
	execFileSync(process.execPath, [GEN_SESSION, "--out", at.file, "--kind", "bushy", "--n", String(n), "--text-max", "700"], { stdio: "ignore" });
}

const lines = () => fs.readFileSync(at.file, "utf8").split("\n").filter((l) => l !== "");
const entry = (line: string) => JSON.parse(line) as { id: string; type: string; parentId: string | null; message?: { role: string; content: unknown } };

describe("arbor tree's row index", () => {
	it("is written on the first run and then gives the same rows, for the pi fixture and a generated session", async () => {
		for (const source of [fixture("pi-tree-session.jsonl"), undefined]) {
			if (source) fs.copyFileSync(source, at.file);
			else generate(1500);
			fs.rmSync(index(), { force: true });
			const first = await tree(at.file, ["--json"]);
			expect(first.note).toBe("rebuilt");
			expect(fs.statSync(index()).mode & 0o777).toBe(0o600);
			await expectSameViews("current");
		}
	});

	it("built by a printed tree keeps the previews its rows showed, odd ones too: every view is then the same", async () => {
		generate(1200);
		const root = entry(lines().at(-1) ?? "").id;
		const odd = [
			{ role: "user", content: `bell \u0007 and \u001b[31mred\u001b[0m ${"long ".repeat(80)}` },
			{ role: "user", content: "tab\there, lone \ud83d surrogate, é ü 日本" },
			{ role: "assistant", content: [{ type: "text", text: "  spaced\n\nout  " }], stopReason: "stop", api: "x", provider: "x", model: "x", usage: {}, timestamp: 1 },
		];
		let parent = root;
		const more = odd.map((message, i) => {
			const id = `0dd0000${i}`;
			const line = JSON.stringify({ type: "message", id, parentId: parent, timestamp: `2030-01-01T00:00:0${i}.000Z`, message: { timestamp: 1, ...message } });
			parent = id;
			return line;
		});
		fs.appendFileSync(at.file, `${more.join("\n")}\n`);
		for (const build of [[], ["--filter", "all"], ["--search", "tree"]]) {
			fs.rmSync(index(), { force: true });
			expect((await tree(at.file, build)).note).toBe("rebuilt");
			await expectSameViews("current");
		}
	});

	it("of a big session is built a part per run, every view the same as without it meanwhile", async () => {
		generate(7000);
		fs.rmSync(index(), { force: true });
		const want = await reference();
		const notes: string[] = [];
		for (const [i, args] of [...VIEWS, ...VIEWS].entries()) {
			const got = await tree(at.file, args);
			notes.push(got.note);
			expect({ args, stdout: got.stdout, stderr: got.stderr }).toEqual({ args, ...want[i % VIEWS.length] });
		}
		// 2,000 entries, then as many again each run, then the rest (see tree-view.ts's STEP).
		const extended = (held: string) => expect.stringMatching(new RegExp(`^extended by \\d+ bytes${held}$`));
		expect(notes.slice(0, 5)).toEqual(["rebuilt (2000 of 7000 entries)", extended(" \\(4000 of 7000 entries\\)"), extended(""), "current", "current"]);
		expect(new Set(notes.slice(4))).toEqual(new Set(["current"]));
	});

	it("is neither read nor written with ARBOR_TREE_INDEX=off", async () => {
		generate(300);
		fs.rmSync(index(), { force: true });
		expect((await tree(at.file, [], { ARBOR_TREE_INDEX: "off" })).note).toBe("");
		expect(fs.existsSync(index())).toBe(false);
		await tree(at.file, []);
		const written = fs.readFileSync(index());
		fs.appendFileSync(at.file, `${JSON.stringify({ type: "label", id: "1abe1000", parentId: entry(lines().at(-1) ?? "").id, timestamp: "2030-01-01T00:00:00.000Z", targetId: entry(lines()[3] ?? "").id, label: "x" })}\n`);
		expect((await tree(at.file, [], { ARBOR_TREE_INDEX: "off" })).note).toBe("");
		expect(fs.readFileSync(index()).equals(written)).toBe(true);
	});

	it("is extended, not rebuilt, after arbor appends (a label) and after another writer appends a turn", async () => {
		generate(1200);
		await tree(at.file, ["--json"]);
		const target = entry(lines()[10] ?? "").id;
		const labelled = await runCli(["label", at.file, target, "checked"], { env: { ARBOR_HOME: path.join(at.dir, "home") } });
		expect(labelled.code, labelled.stderr).toBe(0);
		await expectSameViews(/^extended by \d+ bytes$/);
		// pi (or sync) appends a tool call and its result under an assistant step the index holds.
		const assistant = lines().map(entry).reverse().find((e) => e.message?.role === "assistant");
		const call = { type: "message", id: "a1b2c3d4", parentId: assistant?.id, timestamp: "2030-01-01T00:00:00.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: "call_x", name: "read", arguments: { path: "src/appended.ts" } }], stopReason: "toolUse", api: "x", provider: "x", model: "x", usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, timestamp: 1 } };
		const result = { type: "message", id: "e5f6a7b8", parentId: "a1b2c3d4", timestamp: "2030-01-01T00:00:01.000Z", message: { role: "toolResult", toolCallId: "call_x", toolName: "read", content: [{ type: "text", text: "x".repeat(900) }], isError: false, timestamp: 2 } };
		fs.appendFileSync(at.file, `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`);
		await expectSameViews(/^extended by \d+ bytes$/);
		expect((await tree(at.file, ["--filter", "all"])).stdout).toContain("[read: src/appended.ts]");
	});

	it("answers a tool result appended under an indexed tool call with its call's arguments", async () => {
		generate(800);
		const all = lines();
		// Cut the file right after an assistant step that called a tool, index it, then append the result back.
		const cut = all.findIndex((l, i) => i > 200 && entry(l).message?.role === "toolResult");
		fs.writeFileSync(at.file, `${all.slice(0, cut).join("\n")}\n`);
		await tree(at.file, ["--json"]);
		fs.appendFileSync(at.file, `${all.slice(cut).join("\n")}\n`);
		await expectSameViews(/^extended by \d+ bytes$/);
	});

	it("is not used once the file was cut short, rewritten or replaced, or is torn", async () => {
		generate(900);
		await tree(at.file, ["--json"]);
		const all = lines();
		fs.writeFileSync(at.file, `${all.slice(0, 600).join("\n")}\n`); // truncated in place
		await expectSameViews("rebuilt");
		// Rewritten through a new file (another program's temp + rename), one message changed, same length.
		const changed = lines().map((l, i) => (i === 300 ? l.replace(/"text":"(.)/, (m, c: string) => `"text":"${c === "Z" ? "Y" : "Z"}`) : l));
		fs.writeFileSync(`${at.file}.new`, `${changed.join("\n")}\n`);
		fs.renameSync(`${at.file}.new`, at.file);
		await expectSameViews("rebuilt");
		// The last line rewritten in place, same length.
		const last = lines();
		const lastLine = last[last.length - 1] ?? "";
		last[last.length - 1] = lastLine.replace(/"timestamp":"(\d)/, (m, d: string) => `"timestamp":"${d === "1" ? "2" : "1"}`);
		fs.writeFileSync(at.file, `${last.join("\n")}\n`);
		await expectSameViews("rebuilt");
		// A torn append (a writer still writing): read whole, warned, the index left as it was.
		fs.appendFileSync(at.file, '{"type":"message","id":"ffff0000","parentId":null,');
		const want = await reference();
		const got = await tree(at.file, VIEWS[2] ?? []);
		expect(got.note).toBe("");
		expect({ stdout: got.stdout, stderr: got.stderr }).toEqual(want[2]);
		expect(got.stderr).toContain("incomplete last line");
	});

	it("is rebuilt when it is damaged, of another version, or empty", async () => {
		generate(700);
		const damage = [
			(b: Buffer) => Buffer.concat([b.subarray(0, b.length - 2000)]),
			(b: Buffer) => {
				const c = Buffer.from(b);
				const at = c.length - 10;
				c[at] = c[at] === 0x41 ? 0x42 : 0x41; // one preview's character changed (the previews come last)
				return c;
			},
			(b: Buffer) => Buffer.from(b.toString("utf8").replace(/^\{"v":\d+,/, '{"v":99,')),
		];
		for (const hurt of damage) {
			fs.rmSync(index(), { force: true });
			await tree(at.file, ["--json"]);
			fs.writeFileSync(index(), hurt(fs.readFileSync(index())));
			await expectSameViews("rebuilt");
		}
	});
});
