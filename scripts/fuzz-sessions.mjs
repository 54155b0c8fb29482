// Over 200 lines on purpose: the mutations, the checks and the runner stay in one script, which the
// test suite imports, so the suite and the standalone run check exactly the same things.
// Fuzzes the built CLI with damaged copies of the two fixtures (flipped bytes, cut and torn lines,
// deleted/duplicated/swapped lines, wrongly typed fields, deep nesting, bad headers, cycles) and
// runs `context --json`, `tree` and `label` on each. Every run must exit 0 or 2 (2 with one
// `arbor:` line, never a stack), within a time limit; the read commands must not change the file;
// `label` must leave the original bytes as a prefix, or — only for a real v1/v2 file — migrate
// with a `.v<N>.bak` holding the original. Deterministic for a seed.
//
//   node scripts/fuzz-sessions.mjs [--variants 240] [--seed 8] [--jobs 3]   (ARBOR_FUZZ_CLI=<cli.js> for another build)
// test/session/fuzz-cli.test.ts runs a bounded slice of it in the test suite.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = process.env.ARBOR_FUZZ_CLI ?? path.join(root, "dist/cli.js");
export const FIXTURES = ["pi-tree-session.jsonl", "pi-v1-large-session.jsonl"].map((n) => path.join(root, "test/fixtures", n));

/** mulberry32: a small seeded PRNG, so a failing variant can be reproduced from its seed. */
export function prng(seed) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

const DEEP = `${"[".repeat(6000)}${"]".repeat(6000)}`;
const WRONG = [null, 0, -1, 3.5, "", "x", true, [], {}, [[{ type: "text", text: "x" }]], { role: 5 }, [{ type: "text" }], [{ type: "image" }], "DEEP"];
const FIELDS = ["message", "content", "role", "id", "parentId", "type", "timestamp", "summary", "targetId", "label", "customType", "arguments", "toolCallId", "usage", "firstKeptEntryId", "tokensBefore", "name", "data", "text", "stopReason", "fromId", "display"];
const HEADERS = ['"version":"3"', '"version":0', '"version":-1', '"version":1', '"version":2', '"version":4', '"version":null', '"vErsion":3', ""];

/** Replace one field somewhere inside the value (entry or nested message/part) with a wrong type. */
function retype(value, r) {
	const holders = [];
	const walk = (v, depth) => {
		if (!v || typeof v !== "object" || depth > 4) return;
		holders.push(v);
		for (const child of Array.isArray(v) ? v : Object.values(v)) walk(child, depth + 1);
	};
	walk(value, 0);
	const targets = holders.filter((h) => !Array.isArray(h));
	const holder = r.pick(targets.length ? targets : [value]);
	const keys = Object.keys(holder).filter((k) => FIELDS.includes(k));
	const key = keys.length && r.next() < 0.8 ? r.pick(keys) : r.pick(FIELDS);
	if (r.next() < 0.15) delete holder[key];
	else holder[key] = r.pick(WRONG);
	return JSON.stringify(value).replace('"DEEP"', DEEP);
}

/** The mutations, each (lines, r) → lines (lines without their \n; the file is lines.join("\n")). */
const MUTATIONS = {
	"flip byte": (text, r) => {
		const buf = Buffer.from(text, "latin1");
		const at = r.next() < 0.3 ? r.int(Math.min(buf.length, 200)) : r.int(buf.length);
		buf[at] ^= 1 << r.int(8);
		return buf.toString("latin1") === text ? text : buf;
	},
	"truncate file": (text, r) => text.slice(0, r.int(text.length)),
	"cut a line": (text, r) => editLines(text, r, (lines, i) => (lines[i] = lines[i].slice(0, r.int(lines[i].length)))),
	"delete a line": (text, r) => editLines(text, r, (lines, i) => lines.splice(i, 1)),
	"duplicate a line": (text, r) => editLines(text, r, (lines, i) => lines.splice(r.int(lines.length), 0, lines[i])),
	"swap lines": (text, r) => editLines(text, r, (lines, i) => {
		const j = 1 + r.int(lines.length - 1);
		[lines[i], lines[j]] = [lines[j], lines[i]];
	}),
	"wrong type": (text, r) => editLines(text, r, (lines, i) => {
		const value = tryParse(lines[i]);
		if (value && typeof value === "object") lines[i] = retype(value, r);
	}),
	"deep nesting": (text, r) => editLines(text, r, (lines, i) => {
		const value = tryParse(lines[i]);
		if (!value || typeof value !== "object") return;
		const message = value.message && typeof value.message === "object" ? value.message : value;
		message[r.pick(["content", "arguments", "details", "extra"])] = "DEEP";
		lines[i] = JSON.stringify(value).replace('"DEEP"', DEEP);
	}),
	"parent cycle": (text, r) => editLines(text, r, (lines, i) => {
		const a = tryParse(lines[i]);
		const b = tryParse(lines[1 + r.int(lines.length - 1)]);
		if (a?.id && b?.id) lines[i] = JSON.stringify({ ...a, parentId: b.id });
	}),
	"bad header": (text, r) => {
		const nl = text.indexOf("\n");
		const header = text.slice(0, nl);
		const choice = r.int(HEADERS.length + 3);
		let next;
		if (choice < HEADERS.length) {
			const stripped = header.replace(/"version":[^,}]*,?/, "");
			next = HEADERS[choice] ? stripped.replace('{"type":"session",', `{"type":"session",${HEADERS[choice]},`) : stripped;
		} else if (choice === HEADERS.length) next = header.replace('"type":"session"', '"type":"sesion"');
		else if (choice === HEADERS.length + 1) next = "garbage";
		else next = "";
		return next + text.slice(nl);
	},
};

function tryParse(line) {
	try {
		return JSON.parse(line);
	} catch {
		return undefined; // not JSON: the mutation leaves this line alone
	}
}

function editLines(text, r, edit) {
	const lines = text.split("\n");
	if (lines.length < 3) return text;
	edit(lines, 1 + r.int(lines.length - 2));
	return lines.join("\n");
}

/** `count` damaged variants: [{ name, fixture, bytes }], fixtures alternating, 1–3 mutations each. */
export function makeVariants(seed, count) {
	const r = prng(seed);
	const texts = FIXTURES.map((f) => fs.readFileSync(f, "latin1"));
	const names = Object.keys(MUTATIONS);
	const out = [];
	for (let i = 0; i < count; i++) {
		const which = i % FIXTURES.length;
		let data = texts[which];
		const applied = [];
		const n = r.next() < 0.7 ? 1 : 2 + r.int(2);
		for (let k = 0; k < n; k++) {
			const name = names[(i + k * 7 + r.int(names.length)) % names.length];
			const result = MUTATIONS[name](typeof data === "string" ? data : data.toString("latin1"), r);
			data = result;
			applied.push(name);
		}
		const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, "latin1");
		out.push({ name: `#${i} ${path.basename(FIXTURES[which])}: ${applied.join(" + ")}`, bytes });
	}
	return out;
}

function run(args, timeoutMs) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", ARBOR_MAX_RETRIES: "0" } });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (d) => (stdout += d));
		child.stderr.on("data", (d) => (stderr += d));
		const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/** Problems with one run's exit, or []. */
function exitProblems(what, res) {
	if (res.signal) return [`${what}: killed by ${res.signal} (hang?)`];
	if (res.code !== 0 && res.code !== 2) return [`${what}: exit ${res.code}: ${res.stderr.split("\n")[0]}`];
	if (/^\s+at /m.test(res.stderr)) return [`${what}: stack trace on stderr`];
	if (res.stderr.split("\n").some((l) => l !== "" && !l.startsWith("arbor: "))) return [`${what}: stderr line without "arbor: "`];
	if (res.code === 2 && !/^arbor: (?!warning)/m.test(res.stderr)) return [`${what}: exit 2 without an arbor: error line`];
	return [];
}

/**
 * Run the three commands on one variant in `dir`. Returns { codes: {context, tree, label}, problems }.
 */
export async function checkVariant(variant, dir, timeoutMs = 60_000) {
	const file = path.join(dir, "s.jsonl");
	fs.writeFileSync(file, variant.bytes, { mode: 0o600 });
	const original = variant.bytes;
	const problems = [];
	const unchanged = (what) => {
		if (!fs.readFileSync(file).equals(original)) problems.push(`${what} changed the file`);
	};
	const context = await run(["context", file, "--json"], timeoutMs);
	problems.push(...exitProblems("context", context));
	if (context.code === 0 && tryParse(context.stdout) === undefined) problems.push("context --json: stdout is not JSON");
	unchanged("context");
	const tree = await run(["tree", file], timeoutMs);
	problems.push(...exitProblems("tree", tree));
	unchanged("tree");
	// The first run may have left its row index beside the file (a cache): a second run reads it and prints the same.
	const again = await run(["tree", file], timeoutMs);
	if (again.code !== tree.code || again.stdout !== tree.stdout || again.stderr !== tree.stderr) problems.push("tree printed otherwise from its row index");
	const leaf = context.code === 0 ? tryParse(context.stdout)?.leafId : undefined;
	const target = typeof leaf === "string" && variant.bytes.length % 5 !== 0 ? leaf : "nosuchid";
	const label = await run(["label", file, target, "fuzz"], timeoutMs);
	problems.push(...exitProblems("label", label));
	problems.push(...afterLabel(file, original, label.code));
	// The tree fixture's entries carry ids: a v1 migration would flatten its branches.
	if (variant.name.includes("pi-tree-session") && fs.existsSync(`${file}.v1.bak`)) problems.push("a v3 file with ids was migrated as v1");
	return { codes: { context: context.code, tree: tree.code, label: label.code }, problems };
}

function afterLabel(file, original, code) {
	const dir = path.dirname(file);
	// The tree's row index (docs/sessions.md) is a cache arbor keeps beside the session, not a stray file.
	const extra = fs.readdirSync(dir).filter((f) => f !== "s.jsonl" && f !== "s.jsonl.arbor-index");
	const backups = extra.filter((f) => /^s\.jsonl\.v[12]\.bak$/.test(f));
	const problems = [];
	if (extra.length !== backups.length) problems.push(`label left ${extra.filter((f) => !backups.includes(f)).join(", ")}`);
	const after = fs.readFileSync(file);
	if (code !== 0 && (!after.equals(original) || backups.length)) problems.push("a failing label changed the file");
	if (code === 0 && backups.length === 0 && !after.subarray(0, original.length).equals(original)) problems.push("label did not only append");
	if (code === 0 && backups.length === 1 && !fs.readFileSync(path.join(dir, backups[0])).equals(original)) problems.push("the .bak is not the original");
	return problems;
}

async function main() {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(`--${name}`);
		return i === -1 ? fallback : Number(process.argv[i + 1]);
	};
	const variants = makeVariants(arg("seed", 8), arg("variants", 240));
	const jobs = arg("jobs", 3);
	const tally = { context: {}, tree: {}, label: {} };
	const failures = [];
	let migrated = 0;
	let next = 0;
	const worker = async () => {
		while (next < variants.length) {
			const v = variants[next++];
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-fuzz-"));
			const result = await checkVariant(v, dir);
			if (fs.readdirSync(dir).some((f) => f.endsWith(".bak"))) migrated++;
			fs.rmSync(dir, { recursive: true, force: true });
			for (const [cmd, code] of Object.entries(result.codes)) tally[cmd][code] = (tally[cmd][code] ?? 0) + 1;
			if (result.problems.length) failures.push(`${v.name}: ${result.problems.join("; ")}`);
		}
	};
	await Promise.all(Array.from({ length: jobs }, worker));
	console.log(`variants: ${variants.length}, runs: ${variants.length * 3}, label migrations (.bak): ${migrated}`);
	for (const [cmd, codes] of Object.entries(tally)) console.log(`${cmd}: ${Object.entries(codes).map(([c, n]) => `exit ${c} × ${n}`).join(", ")}`);
	console.log(failures.length ? `FAILED ${failures.length}:\n${failures.join("\n")}` : "all held");
	process.exitCode = failures.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
