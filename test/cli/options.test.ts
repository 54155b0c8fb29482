import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../helpers/cli.js";
import { readJsonl } from "../helpers/jsonl.js";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const TREE = "pi-tree-session.jsonl";
const OLD_LEAF = "428890f6";

const fx = useCliProject();

const entries = readJsonl;

/** A fresh copy of the tree fixture in its own session folder D; cwd is an empty folder elsewhere. */
function setUp() {
	const { dir, file, home } = fixtureCopy(TREE);
	const cwd = join(dir, "cwd");
	mkdirSync(cwd);
	return { D: dir, F: file, home, cwd };
}

type Expect = { code: number; stdout?: RegExp; stderr?: RegExp };
const OK_TREE: Expect = { code: 0, stdout: /\(253\/269 entries\)\n$/ };
const OK_CONTEXT: Expect = { code: 0, stdout: /^leaf: 428890f6 .*\n[^]*user: tree build leaf hook tree context\n/ };
const refusedBy = (sub: string, flag: string): Expect => ({
	code: 2,
	stderr: new RegExp(`^arbor: \`arbor ${sub}\` does not take ${flag}: .+\\n$`),
});

/** Every subcommand × session option: `S` and `F` become the session folder and file. */
const TABLE: [string, Expect][] = [
	["sessions --session-dir D", { code: 0, stdout: /01a2028f .*\n {4}F\n$/ }],
	["--session-dir D sessions", { code: 0, stdout: /01a2028f .*\n {4}F\n$/ }],
	["sessions --session-dir D --json", { code: 0, stdout: /"file": "F"/ }],
	["sessions --all --session-dir D", { code: 2, stderr: /^arbor: --all lists every project's sessions under ARBOR_HOME; drop --session-dir\n$/ }],
	["sessions -s F", refusedBy("sessions", "-s/--session")],
	["sessions --session F", refusedBy("sessions", "-s/--session")],
	["sessions -c", refusedBy("sessions", "-c/--continue")],
	["sessions -r", refusedBy("sessions", "-r/--resume")],
	["sessions --no-session", refusedBy("sessions", "--no-session")],
	["tree F", OK_TREE],
	["tree -s F", OK_TREE],
	["tree --session F", OK_TREE],
	["-s F tree", OK_TREE],
	["tree --session-dir D", OK_TREE],
	["tree --session-dir D 01a2", OK_TREE],
	["tree -c --session-dir D", OK_TREE],
	["tree F -s F", { code: 2, stderr: /^arbor: give the session once: as the argument or with -s\/--session\n$/ }],
	["tree -c F", { code: 2, stderr: /^arbor: -c\/--continue .* conflicts with a named session\n$/ }],
	["tree -r", refusedBy("tree", "-r/--resume")],
	["tree --no-session F", refusedBy("tree", "--no-session")],
	["--no-session tree F", refusedBy("tree", "--no-session")],
	["context F", OK_CONTEXT],
	["context -s F", OK_CONTEXT],
	["context --session-dir D", OK_CONTEXT],
	["context --session-dir D -c", OK_CONTEXT],
	["context F --session F", { code: 2, stderr: /^arbor: give the session once/ }],
	["context -r F", refusedBy("context", "-r/--resume")],
	["context --no-session F", refusedBy("context", "--no-session")],
	["navigate F 474513f0", { code: 0, stdout: /^Navigated to 474513f0\n$/ }],
	["navigate --session-dir D 01a2 474513f0", { code: 0, stdout: /^Navigated to 474513f0\n$/ }],
	["navigate -s F 474513f0", refusedBy("navigate", "-s/--session")],
	["-s F navigate 474513f0 x", refusedBy("navigate", "-s/--session")],
	["navigate -c F 474513f0", refusedBy("navigate", "-c/--continue")],
	["navigate -r F 474513f0", refusedBy("navigate", "-r/--resume")],
	["navigate --no-session F 474513f0", refusedBy("navigate", "--no-session")],
	["fork F 474513f0", { code: 0, stdout: /^Forked 474513f0 into D\/.+\.jsonl\n$/ }],
	["fork --session-dir D 01a2", { code: 0, stdout: /^Forked 428890f6 into D\/.+\.jsonl\n$/ }],
	["fork -s F", refusedBy("fork", "-s/--session")],
	["fork -c F", refusedBy("fork", "-c/--continue")],
	["fork -r F", refusedBy("fork", "-r/--resume")],
	["fork --no-session F", refusedBy("fork", "--no-session")],
	["label F 474513f0 nice", { code: 0, stdout: /^Labelled 474513f0: nice\n$/ }],
	["label --session-dir D 01a2 474513f0 nice", { code: 0, stdout: /^Labelled 474513f0: nice\n$/ }],
	["label -s F 474513f0 nice", refusedBy("label", "-s/--session")],
	["label -c F 474513f0", refusedBy("label", "-c/--continue")],
	["label -r F 474513f0", refusedBy("label", "-r/--resume")],
	["label --no-session F 474513f0", refusedBy("label", "--no-session")],
	["search --session-dir D naïve --limit 2", { code: 0, stdout: /^[^]*2 of \d+ hits in 1 session searched \(D\)\n$/ }],
	["search -s F x", refusedBy("search", "-s/--session")],
	["search -c x", refusedBy("search", "-c/--continue")],
	["search -r x", refusedBy("search", "-r/--resume")],
	["search --no-session x", refusedBy("search", "--no-session")],
	["compare --session-dir D 01a2 474513f0 8c9ae725", { code: 0, stdout: /8c9ae725/ }],
	["compare -s F 474513f0 8c9ae725", refusedBy("compare", "-s/--session")],
	["compare -c F 474513f0 8c9ae725", refusedBy("compare", "-c/--continue")],
	["merge -s F 474513f0", refusedBy("merge", "-s/--session")],
	["merge -r F 474513f0", refusedBy("merge", "-r/--resume")],
	["merge --no-session F 474513f0", refusedBy("merge", "--no-session")],
	["import --session-dir D F", refusedBy("import", "--session-dir")],
	["import -s F F", refusedBy("import", "-s/--session")],
	["import -c F", refusedBy("import", "-c/--continue")],
	["import -r F", refusedBy("import", "-r/--resume")],
	["import --no-session F", refusedBy("import", "--no-session")],
];

/** Each subcommand's own options, also placed before its arguments. */
const OWN: [string, Expect][] = [
	["sessions --json --session-dir D", { code: 0, stdout: /^\[\n {2}\{\n {4}"file": "F",/ }],
	["sessions --all", { code: 0, stdout: /^no sessions in .*home\n$/ }],
	["tree --search fork-test F", { code: 0, stdout: /\(0\/269 entries\)\n$/ }],
	["tree --filter user --search naïve F", { code: 0, stdout: /^(?:.*naïve.*\n)+ {2}\(\d+\/269 entries\)\n$/ }],
	["tree --filter all F", { code: 0, stdout: /\(269\/269 entries\)\n$/ }],
	["tree --json --filter labeled F", { code: 0, stdout: /^\{\n {2}"leafId": "428890f6",\n {2}"roots": \[\n/ }],
	["tree --filter bogus F", { code: 2, stderr: /^arbor: unknown filter "bogus"/ }],
	["context --json F", { code: 0, stdout: /^\{\n {2}"leafId": "428890f6",/ }],
	["navigate --json F 474513f0", { code: 0, stdout: /"status": "moved",\n {2}"oldLeafId": "428890f6",\n {2}"newLeafId": "474513f0"/ }],
	["navigate --label here F 474513f0", { code: 0, stdout: /^Navigated to 474513f0\n$/ }],
	["navigate --instructions x F 474513f0", { code: 2, stderr: /^arbor: --instructions and --replace-instructions need --summarize\n$/ }],
	["fork --json F 474513f0", { code: 0, stdout: /"parentSession": "F",\n {2}"leafId": "474513f0"/ }],
	["label F 474513f0 two words", { code: 0, stdout: /^Labelled 474513f0: two words\n$/ }],
];

/** Print-mode and model options before a subcommand's name do not apply to it. */
const ROOT_ONLY: [string, string, string][] = [
	["-p tree F", "--print", "tree"],
	["--at 474513f0 tree F", "--at", "tree"],
	["--summarize context F", "--summarize", "context"],
	["--label x label F 474513f0", "--label", "label"],
	["-m compat:x tree F", "--model", "tree"],
	["--output-format json sessions", "--output-format", "sessions"],
	["--no-tools fork F", "--no-tools", "fork"],
	["-y label F 474513f0 x", "--yes", "label"],
];

async function runRow(row: string) {
	const { D, F, home, cwd } = setUp();
	const args = row.split(" ").map((a) => (a === "D" ? D : a === "F" ? F : a));
	const run = await runCli(args, { cwd, env: { ARBOR_HOME: home, ARBOR_MODEL: undefined } });
	const show = (text: string) => text.split(F).join("F").split(D).join("D");
	return { code: run.code, stdout: show(run.stdout), stderr: show(run.stderr) };
}

// Each row is its own CLI run on its own copy of the fixture: they run side by side (the time is
// process start-up, not CPU), at most vitest's maxConcurrency (5) at once.
describe("every subcommand × session option, through the built CLI", () => {
	it.concurrent.each(TABLE)("arbor %s", async (row, want) => {
		const run = await runRow(row);
		expect(run.code, run.stderr).toBe(want.code);
		if (want.stdout) expect(run.stdout).toMatch(want.stdout);
		if (want.stderr) expect(run.stderr).toMatch(want.stderr);
		if (want.code === 0) expect(run.stderr).toBe("");
		else expect(run.stdout).toBe("");
	});

	it.concurrent.each(OWN)("own options: arbor %s", async (row, want) => {
		const run = await runRow(row);
		expect(run.code, run.stderr).toBe(want.code);
		if (want.stdout) expect(run.stdout).toMatch(want.stdout);
		if (want.stderr) expect(run.stderr).toMatch(want.stderr);
	});

	it.concurrent.each(ROOT_ONLY)("arbor %s is refused: %s does not apply to %s", async (row, flag, sub) => {
		const run = await runRow(row);
		expect([run.code, run.stdout]).toEqual([2, ""]);
		expect(run.stderr).toBe(`arbor: ${flag} does not apply to \`arbor ${sub}\`\n`);
	});
});

describe("arbor navigate's own options are its own", () => {
	const model = (url: string) => ["-m", "compat:test-model", "--base-url", url];

	it("--summarize before the arguments calls the model and writes the branch summary, labelled", async () => {
		const { F, home, cwd } = setUp();
		const server = await fx.serve([textReply("## Goal\nParser work.")]);
		const args = ["navigate", "--summarize", F, "983b1dd0", ...model(server.url), "--label", "back here", "--instructions", "focus on the lexer"];
		const run = await runCli(args, { cwd, env: { ARBOR_HOME: home, ARBOR_MAX_RETRIES: "0" } });
		expect(run.stderr).toBe("");
		expect(run.code).toBe(0);
		expect(server.requests).toHaveLength(1);
		expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("focus on the lexer");
		const added = entries(F).slice(-2);
		expect(added[0]).toMatchObject({ type: "branch_summary", parentId: "474513f0", fromId: OLD_LEAF, summary: expect.stringMatching(/^## Goal\nParser work\.\n\n<read-files>/) });
		expect(added[1]).toMatchObject({ type: "label", parentId: added[0].id, targetId: added[0].id, label: "back here" });
		expect(run.stdout).toMatch(new RegExp(`^Navigated to ${added[0].id}\nBranch summary ${added[0].id}:\n## Goal\nParser work\\.\n`));
		expect(run.stdout).toMatch(/\neditorText:\nhook react refactor react render hook root .* token fix\n$/);
	});

	it("--label without --summarize labels the target; --summarize and --replace-instructions after the arguments", async () => {
		const labelled = setUp();
		const run = await runCli(["navigate", labelled.F, "8c9ae725", "--label", "tool output"], { env: { ARBOR_HOME: labelled.home } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(entries(labelled.F).at(-1)).toMatchObject({ type: "label", targetId: "8c9ae725", label: "tool output" });
		const after = setUp();
		const server = await fx.serve([textReply("Summary B.")]);
		const own = ["--instructions", "ONLY THIS", "--replace-instructions"];
		const run2 = await runCli(["navigate", after.F, "474513f0", "--summarize", ...own, ...model(server.url)], { env: { ARBOR_HOME: after.home } });
		expect([run2.code, run2.stderr]).toEqual([0, ""]);
		expect(server.requests).toHaveLength(1);
		const prompt = JSON.stringify(server.requests[0]!.body.messages);
		expect(prompt).toContain("ONLY THIS");
		expect(prompt).not.toContain("You write a structured summary");
		expect(entries(after.F).at(-1)).toMatchObject({ type: "branch_summary", parentId: "474513f0", summary: expect.stringMatching(/^Summary B\./) });
	});

	it("-m before the subcommand name reaches navigate; --summarize needs a model (exit 2, nothing written)", async () => {
		const { F, home, cwd } = setUp();
		const before = readFileSync(F);
		const none = await runCli(["navigate", F, "474513f0", "--summarize"], { cwd, env: { ARBOR_HOME: home, ARBOR_MODEL: undefined } });
		expect(none.code).toBe(2);
		expect(none.stderr).toMatch(/^arbor: no model configured/);
		expect(readFileSync(F).equals(before)).toBe(true);
		const server = await fx.serve([textReply("Summary C.")]);
		const run = await runCli([...model(server.url), "navigate", F, "474513f0", "--summarize"], { cwd, env: { ARBOR_HOME: home } });
		expect([run.code, run.stderr]).toEqual([0, ""]);
		expect(server.requests).toHaveLength(1);
	});
});
