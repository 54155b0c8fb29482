/** Builds the AI SDK ToolSet for the enabled tools, with the confirmation gate in front. */
import type { FlexibleSchema, Tool, ToolSet } from "ai";
import { confinementFor, isInside, toolPathArg, type Confinement } from "./confine.js";
import { describeToolCall } from "./describe.js";
import { addExtensionTools, type ExtensionToolSource } from "./extension-tools.js";
import { resolvePath } from "./paths.js";
import { previewToolCall } from "./preview.js";
import { READ_ONLY_TOOLS, type ToolName } from "./policy.js";
import { ToolError, type ToolResult } from "./result.js";
import { knownSecrets, redactText, redactValue } from "../text/secrets.js";
import { TOOL_SPECS, type ToolContext } from "./specs.js";
import type { CommandWrapper } from "./bash.js";

/** Asks the user whether a tool may run; "always" stops asking for that tool in this ToolSet. */
export type ConfirmFn = (req: { toolName: ToolName; args: unknown; description: string; preview?: string; toolCallId?: string }) => Promise<
	"yes" | "no" | "always"
>;

/**
 * The AI SDK's `tool()` is the identity function that only fixes the types; this typed copy lets
 * the tools load without importing the SDK, which keeps the interactive start-up light.
 */
const tool = <Input, Output>(spec: Tool<Input, Output>): Tool<Input, Output> => spec;

export const DECLINED_MESSAGE = "the user declined to run this tool";

type Gate = (name: ToolName, args: unknown, toolCallId?: string) => Promise<void>;
type Describe = (name: ToolName, args: unknown) => string;

/** What happens to a file tool's path outside the working directory and the --add-dir folders. */
type OutsidePolicy = "ask" | "allow" | "refuse";

/**
 * The ToolSet handed to streamText. Each tool's execute returns a `ToolResult` ({output, details?,
 * isError?}); the model sees only `output` (as error text when isError). Expected failures throw
 * ToolError, which the SDK reports as a tool-error with that message.
 */
export function createToolSet(opts: {
	cwd: string;
	enabled: ToolName[];
	confirm?: ConfirmFn;
	needsConfirmation?: (n: ToolName) => boolean;
	/** Folders besides cwd the file tools may use (--add-dir, settings addDirs). */
	addDirs?: readonly string[];
	/**
	 * Folders the read-only tools (read, ls, grep, find) may use too: the skills' (a skill is read
	 * where it lives). A function is asked at each call (the chat's /reload may find new skills).
	 */
	readDirs?: readonly string[] | (() => readonly string[]);
	/** The tools extensions registered (they run without a confirmation; see extension-tools.ts). */
	extensionTools?: ExtensionToolSource;
	/** How bash starts its commands (a fan-out branch's sandbox); default: the run's (bash.ts). */
	wrap?: CommandWrapper;
}): ToolSet {
	const check = accessGate(opts);
	const set: ToolSet = {};
	for (const name of opts.enabled) {
		const spec = TOOL_SPECS[name] as (typeof TOOL_SPECS)[ToolName] & {
			run(args: unknown, ctx: ToolContext): Promise<ToolResult<object>>;
		};
		set[name] = tool<unknown, ToolResult<object>>({
			description: spec.description,
			inputSchema: spec.inputSchema as FlexibleSchema<unknown>,
			execute: async (args, { abortSignal, toolCallId }) => {
				const confinement = await check(name, args, toolCallId);
				if (abortSignal?.aborted) throw new ToolError("cancelled");
				const ctx = { cwd: opts.cwd, signal: abortSignal, confinement, wrap: opts.wrap };
				return redacted(() => spec.run(args, ctx));
			},
			toModelOutput,
		});
	}
	if (opts.extensionTools) addExtensionTools(set, opts.extensionTools, redacted);
	return set;
}

/** What the model sees of a ToolResult: `output` (as error text when isError), then its images. */
function toModelOutput({ output }: { output: ToolResult<object> }) {
	if (output.isError) return { type: "error-text" as const, value: output.output };
	if (!output.images?.length) return { type: "text" as const, value: output.output };
	const images = output.images.map((i) => ({ type: "image-data" as const, data: i.data, mediaType: i.mimeType }));
	return { type: "content" as const, value: [{ type: "text" as const, text: output.output }, ...images] };
}

/** A built-in tool over the session itself rather than the files (`recall`: source/recall/), made by a layer above this one. */
export type SessionToolSpec = { description: string; inputSchema: unknown; run(args: unknown, signal?: AbortSignal): Promise<ToolResult<object>> };

/** Adds a session tool to a ToolSet as the built-ins are added: no question (it only reads the session), its result redacted. */
export function addSessionTool(set: ToolSet, name: string, spec: SessionToolSpec): void {
	set[name] = tool<unknown, ToolResult<object>>({
		description: spec.description,
		inputSchema: spec.inputSchema as FlexibleSchema<unknown>,
		execute: async (args, { abortSignal }) => {
			if (abortSignal?.aborted) throw new ToolError("cancelled");
			return redacted(() => spec.run(args, abortSignal));
		},
		toModelOutput,
	});
}

/** The extensions' tools added to a ToolSet made before the extensions loaded (print mode, RPC, ACP). */
export function addExtensionToolsTo(set: ToolSet, source: ExtensionToolSource): void {
	addExtensionTools(set, source, redacted);
}

type ToolSetOptions = Parameters<typeof createToolSet>[0];

/**
 * The checks before a tool runs: paths outside the allowed folders are refused (no way to ask),
 * asked about (the same question as write), or allowed (--yes); other calls get the usual
 * confirmation of mutating tools. Resolves with the confinement grep/find apply to linked files.
 */
function accessGate(opts: ToolSetOptions): (name: ToolName, args: unknown, toolCallId?: string) => Promise<Confinement | undefined> {
	const needs = opts.needsConfirmation ?? (() => false);
	const gate = confirmationGate(opts.confirm, needs, describeToolCall, opts.cwd);
	const outside: OutsidePolicy = !opts.confirm ? "refuse" : needs("write") ? "ask" : "allow";
	const outsideGate = confirmationGate(opts.confirm, () => outside === "ask", (name, args) => `${describeToolCall(name, args)} (outside the working directory)`, opts.cwd);
	let confinement: Promise<Confinement> | undefined;
	let readConfinement: { dirs: string; confinement: Promise<Confinement> } | undefined;
	const readDirs = () => (typeof opts.readDirs === "function" ? opts.readDirs() : (opts.readDirs ?? []));
	return async (name, args, toolCallId) => {
		const shown = toolPathArg(name, args);
		if (shown === undefined || outside === "allow") {
			await gate(name, args, toolCallId);
			return undefined;
		}
		const dirs = READ_ONLY_TOOLS.includes(name) ? readDirs() : [];
		const key = dirs.join("\0");
		if (dirs.length > 0 && readConfinement?.dirs !== key) readConfinement = { dirs: key, confinement: confinementFor(opts.cwd, [...(opts.addDirs ?? []), ...dirs]) };
		const c = await (dirs.length > 0 && readConfinement ? readConfinement.confinement : (confinement ??= confinementFor(opts.cwd, opts.addDirs)));
		if (await isInside(c, resolvePath(opts.cwd, shown))) await gate(name, args, toolCallId);
		else if (outside === "refuse") throw new ToolError(outsideMessage(shown, opts.addDirs));
		else await outsideGate(name, args, toolCallId);
		return c;
	};
}

function outsideMessage(shown: string, addDirs: readonly string[] | undefined): string {
	const allowed = addDirs?.length ? "the working directory and the --add-dir folders" : "the working directory";
	return `${shown} is outside ${allowed} (symlinks resolved); arbor's file tools stay inside them in print mode — rerun with --add-dir <folder> to allow it`;
}

/** Runs a tool and replaces known key values in what it returns or throws (before it is stored or sent). */
async function redacted(run: () => Promise<ToolResult<object>>): Promise<ToolResult<object>> {
	const secrets = knownSecrets();
	try {
		return redactValue(await run(), secrets);
	} catch (error) {
		if (!(error instanceof Error) || secrets.length === 0) throw error;
		const message = redactText(error.message, secrets);
		if (message === error.message) throw error;
		throw error instanceof ToolError ? new ToolError(message) : new Error(message);
	}
}

/** Confirmations run one at a time, so parallel tool calls never stack prompts and an "always"
 * answer applies to calls already waiting. */
function confirmationGate(confirm: ConfirmFn | undefined, needs: (n: ToolName) => boolean, describe: Describe, cwd: string): Gate {
	const always = new Set<ToolName>();
	let queue: Promise<unknown> = Promise.resolve();
	return async (name, args, toolCallId) => {
		if (!needs(name)) return;
		const turn = queue.then(async () => {
			if (always.has(name)) return;
			if (!confirm) throw new ToolError(`${name} needs confirmation and there is no way to ask; ${DECLINED_MESSAGE}`);
			const preview = await previewToolCall(name, args, cwd);
			const answer = await confirm({ toolName: name, args, description: describe(name, args), ...(preview ? { preview } : {}), ...(toolCallId ? { toolCallId } : {}) });
			switch (answer) {
				case "yes":
					return;
				case "always":
					always.add(name);
					return;
				case "no":
					throw new ToolError(DECLINED_MESSAGE);
				default: {
					const unreachable: never = answer;
					throw new Error(`unexpected confirmation answer ${String(unreachable)}`);
				}
			}
		});
		queue = turn.catch(() => undefined);
		await turn;
	};
}
