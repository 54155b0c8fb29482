// Over 200 lines: every mode's and subcommand's arguments in the one module that exits the process.
/**
 * argv → mode. The only module that exits the process: every mode returns an exit code or throws,
 * and errors become one `arbor: …` line with the documented code. Modes are imported lazily so
 * subcommands never load Ink, React or the AI SDK.
 */
import { Command, CommanderError } from "commander";
import nodeModule from "node:module";
import { addExtensionOptions, addModelOptions, addPrintOptions, addPromptOptions, addSessionOptions, adoptRootOptions } from "./cli-options.js";
import { failureOf, rejectedArgvOutput } from "./config/errors.js";
import type { CommonOptions, ModelFlags } from "./config/options.js";

declare const ARBOR_VERSION: string;
const VERSION = typeof ARBOR_VERSION === "string" ? ARBOR_VERSION : "0.0.0-dev";

type Action = () => Promise<number>;
let pending: Action | undefined;
const run = (action: Action) => {
	pending = action;
};

/**
 * The root program: the chat modes' options (only these may come before a subcommand's name). When
 * `first` (the first argument) names a subcommand, only that one is added: adding all of them cost
 * ~5 ms of each start. Anything else (a prompt, an option, `help`, a mistyped name that commander
 * suggests a name for) gets them all.
 */
function buildProgram(first: string | undefined): Command {
	const program = new Command("arbor")
		.description("A terminal chat client and coding agent whose conversations are trees")
		.version(VERSION, "-v, --version")
		.enablePositionalOptions()
		.argument("[prompt...]", "message to send")
		.option("-p, --print", "answer non-interactively and exit")
		.option("--mode <mode>", "rpc: pi's RPC protocol (JSON lines on stdin/stdout) instead of the terminal; json: one run printing pi's JSON event stream")
		.option("--provider <name>", "provider of --model <id> (pi's form: --provider openai --model gpt-4.1 = --model openai:gpt-4.1)")
		.option("-c, --continue", "continue the most recent session of this directory")
		.option("-s, --session <path|id>", "open a session by path or id prefix")
		.option("-r, --resume", "pick a session to resume")
		.option("--fork <path|id>", "continue in a new session holding a copy of that session's current branch")
		.option("--no-session", "keep the session in memory only")
		.option("--session-dir <dir>", "directory holding this project's sessions")
		.option("--tools <list>", "enabled tools, comma separated (read,ls,grep,find,write,edit,bash)")
		.option("--no-tools", "disable all tools")
		.option("--no-checkpoints", "take no checkpoints of the project's files")
		.option("--thinking <level>", "thinking level for reasoning models: off, minimal, low, medium, high")
		.option("--models <list>", "the models Ctrl+P goes through, comma separated (* for any characters)")
		.option("-y, --yes", "run write/edit/bash without asking")
		.option("--sandbox", "run every bash command in the OS sandbox (bubblewrap), the project writable")
		.option("--allow-net", "let sandboxed commands use the network")
		.option("--add-dir <dir>", "let the file tools use this folder too (repeatable)", (dir: string, dirs: string[] = []) => [...dirs, dir]);
	addPromptOptions(addExtensionOptions(addPrintOptions(addModelOptions(program))));
	// Listed for --help: takeTrustFlag has already taken it out of argv (it counts for every subcommand too).
	program.option("--trust-project", "use this project's .arbor/ for this run as if trusted (not its baseUrl)");
	program.action((prompt: string[], opts: Record<string, unknown>) =>
		run(async () => (await import("./modes.js")).runMain(prompt, opts)),
	);
	program.hook("preSubcommand", adoptRootOptions);
	const only = first !== undefined && Object.hasOwn(SUBCOMMANDS, first) ? first : undefined;
	for (const [name, add] of Object.entries(SUBCOMMANDS)) if (only === undefined || name === only) add(program.command(name));
	return program;
}

const sub = () => import("./commands/subcommands.js");
type Opts = CommonOptions & ModelFlags;

function sessionsCommand(cmd: Command): void {
	addSessionOptions(cmd.description("list sessions of this directory (or all)"), "none")
		.option("--all", "sessions of every directory")
		.option("--json", "JSON output")
		.action((o: Opts) => run(async () => (await sub()).sessionsCommand(o)));
}

function treeCommand(cmd: Command): void {
	addSessionOptions(cmd.description("print the session tree").argument("[session]"), "optional")
		.option("--filter <filter>", "default | user | no-tools | labeled | all", "default")
		.option("--search <query>", "only rows containing every word")
		.option("--json", "JSON output")
		.action((s: string | undefined, o: Opts) => run(async () => (await sub()).treeCommand(s, o)));
}

function contextCommand(cmd: Command): void {
	addSessionOptions(cmd.description("print what the model would receive").argument("[session]"), "optional")
		.option("--json", "JSON output")
		.action((s: string | undefined, o: Opts) => run(async () => (await sub()).contextCommand(s, o)));
}

function navigateCommand(cmd: Command): void {
	cmd.description("move the leaf exactly as /tree does");
	addExtensionOptions(addModelOptions(addSessionOptions(cmd, "required")))
		.argument("<session>")
		.argument("<entryId>")
		.option("--summarize", "summarize the branch being left")
		.option("--instructions <text>", "extra focus for the summary")
		.option("--replace-instructions", "use --instructions instead of the default instructions")
		.option("--label <text>", "label the summary (or the target)")
		.option("--restore-files", "restore the files to the target's checkpoint too")
		.option("--include-user-changes", "with --restore-files: also undo your own changes between turns")
		.option("--json", "JSON output")
		.action((s: string, id: string, o: Opts) => run(async () => (await sub()).navigateCommand(s, id, o)));
}

function forkCommand(cmd: Command): void {
	addExtensionOptions(addSessionOptions(cmd.description("copy root→entry into a new session file"), "required"))
		.argument("<session>")
		.argument("[entryId]")
		.option("--restore-files", "restore the files to the entry's checkpoint too")
		.option("--include-user-changes", "with --restore-files: also undo your own changes between turns")
		.option("--json", "JSON output")
		.action((s: string, id: string | undefined, o: Opts) => run(async () => (await sub()).forkCommand(s, id, o)));
}

function labelCommand(cmd: Command): void {
	addSessionOptions(cmd.description("set a label on an entry; no text clears it"), "required")
		.argument("<session>")
		.argument("<entryId>")
		.argument("[text...]")
		.action((s: string, id: string, text: string[], o: Opts) =>
			run(async () => (await sub()).labelCommand(s, id, text.join(" "), o)),
		);
}

function exportCommand(cmd: Command): void {
	addSessionOptions(cmd.description("write the session as one self-contained HTML page"), "required")
		.argument("<session>")
		.argument("[out]", "output file (default: the session's name with .html, in this folder)")
		.option("--json", "JSON output")
		.action((s: string, file: string | undefined, o: Opts) => run(async () => (await sub()).exportCommand(s, file, o)));
}

function searchCommand(cmd: Command): void {
	addSessionOptions(cmd.description("search every session of this directory (or all)"), "none")
		.argument("<query...>", 'words (all must match), "a phrase", re:<regex>')
		.option("--all", "sessions of every directory")
		.option("--limit <n>", "at most this many hits (default 20)")
		.option("--json", "JSON output")
		.action((q: string[], o: Opts & { limit?: string }) => run(async () => (await import("./commands/search-command.js")).searchCommand(q, o)));
}

const cmp = () => import("./commands/compare-command.js");

function compareCommand(cmd: Command): void {
	cmd.description("two branches from their common ancestor");
	addModelOptions(addSessionOptions(cmd, "required"))
		.argument("<session>")
		.argument("<entryA>")
		.argument("<entryB>")
		.option("--summarize", "ask the summary model for a short comparison")
		.option("--json", "JSON output")
		.action((s: string, a: string, b: string, o: Opts) => run(async () => (await cmp()).compareCommand(s, a, b, o)));
}

function mergeCommand(cmd: Command): void {
	cmd.description("bring a branch's conclusions into another as a branch summary");
	addExtensionOptions(addModelOptions(addSessionOptions(cmd, "required")))
		.argument("<session>")
		.argument("<fromEntry>")
		.option("--into <entryId>", "the entry to merge into (default: the current leaf)")
		.option("--instructions <text>", "extra focus for the summary")
		.option("--replace-instructions", "use --instructions instead of the default instructions")
		.option("--label <text>", "label the branch summary")
		.option("--json", "JSON output")
		.action((s: string, from: string, o: Opts & { into?: string }) => run(async () => (await cmp()).mergeCommand(s, from, o)));
}

function importCommand(cmd: Command): void {
	cmd.description("Claude Code sessions and Codex rollouts → arbor sessions (the sources are only read)");
	addSessionOptions(cmd, "sources")
		.argument("<paths...>", "session files or folders")
		.option("--json", "JSON output")
		.action((paths: string[], o: Opts) => run(async () => (await import("./commands/import-command.js")).importCommand(paths, o)));
}

function modelsCommand(cmd: Command): void {
	addSessionOptions(cmd.description("list the models arbor knows (built-in and models.json)"), "models")
		.option("--json", "JSON output")
		.action((o: Opts) => run(async () => (await import("./commands/models-command.js")).modelsCommand(o)));
}

const ckpt = () => import("./commands/checkpoint-commands.js");
type CkptOpts = Opts & { gc?: boolean; dryRun?: boolean; includeUserChanges?: boolean };

function checkpointsCommand(cmd: Command): void {
	addSessionOptions(cmd.description("list a session's checkpoints of the project's files"), "required")
		.argument("<session>")
		.option("--gc", "drop stored files no session's checkpoint references (git gc) and print what it freed")
		.option("--json", "JSON output")
		.action((s: string, o: CkptOpts) => run(async () => (await ckpt()).checkpointsCommand(s, o)));
}

function restoreCommand(cmd: Command): void {
	addExtensionOptions(addSessionOptions(cmd.description("restore the project's files to an entry's checkpoint"), "required"))
		.argument("<session>")
		.argument("<entryId>")
		.option("--dry-run", "list what would change; change nothing")
		.option("--include-user-changes", "also undo the files you changed yourself between turns (kept by default)")
		.option("--json", "JSON output")
		.action((s: string, id: string, o: CkptOpts) => run(async () => (await ckpt()).restoreCommand(s, id, o)));
}

function diffCommand(cmd: Command): void {
	addSessionOptions(cmd.description("what changed on disk between two entries (or an entry and the working tree)"), "required")
		.argument("<session>")
		.argument("<entryA>")
		.argument("[entryB]")
		.option("--json", "JSON output")
		.action((s: string, a: string, b: string | undefined, o: CkptOpts) => run(async () => (await ckpt()).diffCommand(s, a, b, o)));
}

/** `arbor acp`: an Agent Client Protocol agent on stdio, for editors (the SDK loads only here). */
function acpCommand(cmd: Command): void {
	cmd.description("serve the Agent Client Protocol on stdin/stdout (for editors such as Zed)");
	addPromptOptions(addExtensionOptions(addModelOptions(cmd)))
		.option("--session-dir <dir>", "directory holding the sessions (default: one per project folder)")
		.option("--tools <list>", "enabled tools, comma separated (read,ls,grep,find,write,edit,bash)")
		.option("--no-tools", "disable all tools")
		.option("--no-checkpoints", "take no checkpoints of the project's files")
		.option("--thinking <level>", "thinking level for reasoning models: off, minimal, low, medium, high")
		.option("--models <list>", "the models Ctrl+P goes through, comma separated (* for any characters)")
		.option("-y, --yes", "run write/edit/bash without asking the editor")
		.option("--add-dir <dir>", "let the file tools use this folder too (repeatable)", (dir: string, dirs: string[] = []) => [...dirs, dir])
		.action((o: Opts & Record<string, unknown>) =>
			run(async () => {
				const { arborHome } = await import("./session/paths.js");
				const { resolve } = await import("node:path");
				const sessionDir = typeof o.sessionDir === "string" ? resolve(o.sessionDir) : undefined;
				return (await import("./acp/acp-agent.js")).runAcp({ ...o, sessionDir, home: arborHome(), version: VERSION });
			}),
		);
}

/** `arbor sync`: this project's sessions through its git remote (docs/sync.md). */
function syncCommand(cmd: Command): void {
	cmd.description("sync this project's sessions and their checkpoints through its git remote (refs/arbor/)")
		.option("--remote <name|url>", "the remote's name or a URL (default: settings' sync.remote, else origin)")
		.option("--dry-run", "list what would be sent and fetched; change no session, push nothing")
		.option("--json", "JSON output")
		.action((o: { remote?: string; dryRun?: boolean; json?: boolean }) => run(async () => (await import("./commands/sync.js")).syncCommand(o)));
}

/** `arbor fanout`: N branches at once from an entry, each in its own sandboxed copy (docs/fanout.md). */
function fanoutCommand(cmd: Command): void {
	cmd.description("send a prompt on N sibling branches at once, each in its own copy of the project; compare them, keep one");
	addExtensionOptions(addModelOptions(addSessionOptions(cmd, "required")))
		.argument("<session>")
		.argument("<words...>", "[entryId] then the prompt")
		.option("-n, --branches <count>", "number of branches (the same model each)")
		.option("--models <list>", "one branch per model, comma separated")
		.option("--check <command>", "run this command in each branch's copy when it ends and record the result")
		.option("--keep <k>", "keep branch k: move the leaf to its end and restore its files")
		.option("--no-sandbox", "run the branches' bash without the OS sandbox")
		.option("--allow-net", "let the sandboxed commands use the network")
		.option("--tools <list>", "enabled tools, comma separated (read,ls,grep,find,write,edit,bash)")
		.option("--thinking <level>", "thinking level for reasoning models: off, minimal, low, medium, high")
		.option("--no-checkpoints", "take no checkpoints of the branches' files")
		.option("--json", "JSON output")
		.action((s: string, words: string[], o: Opts) => run(async () => (await import("./commands/fanout.js")).fanoutCommand(s, words, o)));
}

/** `arbor trust [path]`: trust the project's `.arbor/` as it is now (docs/trust.md). */
function trustCommand(cmd: Command): void {
	cmd.description("trust this project's .arbor/ (settings, extensions, SYSTEM.md, prompts, skills) as it is now")
		.argument("[path]", "the project folder (default: this one)")
		.option("--list", "list the trusted projects")
		.option("--revoke", "forget the project's trust")
		.action((path: string | undefined, o: { list?: boolean; revoke?: boolean }) => run(async () => (await import("./commands/trust-command.js")).trustCommand(path, o)));
}

/** `arbor mcp list|add|remove|approve|serve …` (docs/mcp.md): its own arguments, read by commands/mcp.ts. */
function mcpCommand(cmd: Command): void {
	cmd.description("MCP servers: list, add, remove, approve a project's; serve arbor's sessions")
		.usage("list [--json] | add [--scope user|project] <name> [--] <command|url> [args...] | remove <name> | approve [names...] | serve …")
		.argument("[args...]")
		.allowUnknownOption()
		.action((_args: string[], _o: unknown, c: Command) => run(async () => (await import("./commands/mcp.js")).mcpCommand(c.args)));
}

/**
 * Each subcommand's setup by its name (the one place the name is written), in the order help lists
 * them: one function per subcommand, and a new subcommand adds its function here.
 */
const SUBCOMMANDS: Record<string, (cmd: Command) => void> = {
	sessions: sessionsCommand,
	tree: treeCommand,
	context: contextCommand,
	navigate: navigateCommand,
	fork: forkCommand,
	label: labelCommand,
	export: exportCommand,
	search: searchCommand,
	checkpoints: checkpointsCommand,
	restore: restoreCommand,
	diff: diffCommand,
	compare: compareCommand,
	merge: mergeCommand,
	import: importCommand,
	models: modelsCommand,
	acp: acpCommand,
	trust: trustCommand,
	mcp: mcpCommand,
	sync: syncCommand,
	fanout: fanoutCommand,
};

/** Exits once stdout and stderr are drained: a pipe may still hold a large answer. */
function exitAfterFlush(code: number): void {
	process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

function fail(message: string, code: number): void {
	process.stderr.write(`arbor: ${message.replace(/^error: /, "").split("\n")[0]}\n`);
	exitAfterFlush(code);
}

/**
 * Node ≥ 22.1 keeps the compiled code of the modules loaded from here on (the mode's or subcommand's
 * chunks) in its compile cache: Node's own folder, NODE_COMPILE_CACHE or else
 * `<os temp>/node-compile-cache`, shared with every program using it and checked against each
 * file's contents; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 20 has no cache: nothing happens.
 */
function enableCompileCache(): void {
	(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}

/**
 * `--trust-project` (docs/trust.md), anywhere before `--`: every mode and subcommand of this run
 * uses the project's `.arbor/` as if trusted (its baseUrl still needs `arbor trust`).
 */
async function takeTrustFlag(argv: string[]): Promise<string[]> {
	const end = argv.indexOf("--");
	const before = end === -1 ? argv : argv.slice(0, end);
	if (!before.includes("--trust-project")) return argv;
	(await import("./config/trust.js")).trustProjectsThisRun();
	return [...before.filter((a) => a !== "--trust-project"), ...(end === -1 ? [] : argv.slice(end))];
}

/**
 * The chat modes' argv without the options no built-in one has: those are the extensions' flags
 * (pi's registerFlag), checked once the extensions loaded (extensions/setup.ts). Subcommands keep theirs.
 */
async function chatArgv(program: ReturnType<typeof buildProgram>, argv: string[]): Promise<string[]> {
	if (argv.some((a) => program.commands.some((c) => c.name() === a || c.aliases().includes(a)))) return argv;
	const known = new Set(["--help", ...program.options.flatMap((o) => (o.long ? [o.long] : []))]);
	const { takeExtensionFlags } = await import("./extensions/pi-api.js");
	return takeExtensionFlags(argv, known);
}

async function main(argv: string[]): Promise<void> {
	if (argv.length === 1 && (argv[0] === "-v" || argv[0] === "--version")) {
		process.stdout.write(`${VERSION}\n`);
		return;
	}
	enableCompileCache();
	argv = await takeTrustFlag(argv);
	const program = buildProgram(argv[0]);
	program.exitOverride();
	program.configureOutput({ writeErr: () => {} });
	for (const cmd of program.commands) cmd.exitOverride().configureOutput({ writeErr: () => {} });
	try {
		await program.parseAsync(await chatArgv(program, argv), { from: "user" });
	} catch (error) {
		if (error instanceof CommanderError) {
			if (error.exitCode === 0) return; // --help, --version
			const json = rejectedArgvOutput(argv, { message: failureOf(error).message, exitCode: 2 });
			if (json) process.stdout.write(json);
			fail(error.message, 2);
			return;
		}
		throw error;
	}
	if (!pending) return;
	const code = await pending();
	process.exitCode = code;
}

/**
 * A promise that never settles holds nothing in the event loop: when the loop drains before main()
 * settles, Node exits with no exit code set (0) and the command's work undone. Never silently:
 * one line and exit 1. (An explicit process.exit — Ctrl+C, a finished run — always sets a code.)
 */
let mainSettled = false;
process.on("exit", () => {
	if (mainSettled || process.exitCode !== undefined) return;
	process.stderr.write("arbor: internal error: the command stopped before it finished (it waited on something that can never happen)\n");
	process.exitCode = 1;
});

main(process.argv.slice(2)).finally(() => (mainSettled = true)).then(
	() => {
		// Print mode may hold sockets (keep-alive) open; the exit code is decided, so leave now.
		if (process.exitCode !== undefined) exitAfterFlush(Number(process.exitCode));
	},
	(error: unknown) => {
		const { message, exitCode } = failureOf(error);
		fail(message, exitCode);
	},
);
