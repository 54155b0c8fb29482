/**
 * Tools extensions add for the model (`arbor.registerTool`): the checks of a registration and of
 * what a tool's `execute` returns. Loaded with the host, so no zod here (values.ts is loaded with
 * the first extension); a JSON Schema is an open-ended object, checked by hand.
 */
import { isToolName } from "../tools/policy.js";
import { jsonCopy } from "./json-copy.js";
import { reasonOf, safeText } from "./load.js";
import type { ExtensionContext, ToolOptions } from "./types.js";
import type { Waited } from "./wait.js";

/** A registered tool as the tool set offers it to the model. */
export type ExtensionToolInfo = { name: string; description: string; parameters: Record<string, unknown> };

/** A registered tool, with its extension's file and its `execute`. */
export type RegisteredTool = ExtensionToolInfo & { path: string; execute: ToolOptions["execute"] };

/** What a call of an extension's tool gives the model: its text, an error when `isError`. */
export type ExtensionToolOutput = { output: string; isError?: boolean };

const NAME = /^[A-Za-z][\w-]{0,63}$/;

/** The registration as arbor keeps it, or why it is not added (one line). */
export function checkTool(options: unknown): { ok: true; tool: Omit<RegisteredTool, "path"> } | { ok: false; reason: string } {
	const o = (typeof options === "object" && options !== null ? options : {}) as Partial<ToolOptions>;
	const name = safeText(o.name);
	if (typeof o.name !== "string" || !NAME.test(o.name)) return { ok: false, reason: `invalid tool name "${name.slice(0, 80)}" (letters, digits, _ and -, at most 64)` };
	if (isToolName(o.name)) return { ok: false, reason: `"${name}" is a built-in tool` };
	if (typeof o.description !== "string" || o.description.trim() === "") return { ok: false, reason: `${name}: needs a description (a string)` };
	if (typeof o.execute !== "function") return { ok: false, reason: `${name}: needs execute (a function)` };
	const copy = jsonCopy(o.parameters ?? { type: "object", properties: {} });
	const parameters = copy.ok ? copy.value : undefined;
	if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters) || (parameters as { type?: unknown }).type !== "object") {
		return { ok: false, reason: `${name}: parameters must be a JSON Schema of an object ({"type": "object", "properties": {…}})` };
	}
	return { ok: true, tool: { name: o.name, description: o.description, parameters: parameters as Record<string, unknown>, execute: o.execute } };
}

/**
 * What `execute` returned, as the model gets it: a string; `{output, isError?}`; or pi's
 * `{content: [{type: "text", text}], isError?}` (the text parts joined). Anything else is why not.
 */
export function toolOutput(value: unknown): { ok: true; value: ExtensionToolOutput } | { ok: false; reason: string } {
	if (typeof value === "string") return { ok: true, value: { output: value } };
	if (typeof value !== "object" || value === null) return { ok: false, reason: `returned ${value == null ? String(value) : `a ${typeof value}`}, not text` };
	try {
		const r = value as { output?: unknown; content?: unknown; isError?: unknown };
		const isError = r.isError === true ? { isError: true } : {};
		if (typeof r.output === "string") return { ok: true, value: { output: r.output, ...isError } };
		if (Array.isArray(r.content)) {
			const texts = r.content.filter((p): p is { type: "text"; text: string } => p?.type === "text" && typeof p.text === "string");
			return { ok: true, value: { output: texts.map((p) => p.text).join("\n"), ...isError } };
		}
	} catch (error) {
		return { ok: false, reason: `returned an unreadable value (${reasonOf(error)})` };
	}
	return { ok: false, reason: "returned an object without output (a string) or content (text parts)" };
}

/** What the registry needs of its host: its time-limited wait, warnings, ctx, and how a wait that got no answer reads. */
type RegistryHost = {
	wait<T>(start: () => T | PromiseLike<T>, signal?: AbortSignal): Promise<Waited<T>>;
	warn(line: string): void;
	context(signal?: AbortSignal): ExtensionContext;
	unanswered(status: "timeout" | "stuck" | "aborted"): string | undefined;
};

/** The tools the loaded extensions registered, and their calls. */
type PiExecute = (toolCallId: string, params: unknown, signal: AbortSignal | undefined, onUpdate: () => void, ctx: unknown) => unknown;

export class ToolRegistry {
	private readonly map = new Map<string, RegisteredTool>();
	private calls = 0;

	constructor(private readonly host: RegistryHost) {}

	/** The first registration of a name wins; a later one is a warning. */
	add(tool: RegisteredTool): void {
		const first = this.map.get(tool.name);
		if (first) this.host.warn(`extension ${tool.path}: registerTool("${tool.name}"): ${first.path} has that tool already; not added`);
		else this.map.set(tool.name, tool);
	}

	clear(): void {
		this.map.clear();
	}

	list(): ExtensionToolInfo[] {
		return [...this.map.values()].map(({ name, description, parameters }) => ({ name, description, parameters }));
	}

	/**
	 * Runs a call within the time limit. A throw, a time-out or a result of the wrong shape throws
	 * (the call's error, which the model sees); the last two are also a warning.
	 */
	async run(name: string, args: unknown, signal?: AbortSignal): Promise<ExtensionToolOutput> {
		const tool = this.map.get(name);
		if (!tool) throw new Error(`no extension has the tool ${name} now`);
		const ctx = this.host.context(signal);
		// pi's tools take (toolCallId, params, signal, onUpdate, ctx); arbor's take (args, ctx).
		const call = tool.execute.length >= 3
			? () => (tool.execute as unknown as PiExecute)(`call-${++this.calls}`, args, signal, () => {}, ctx)
			: () => tool.execute(args as Record<string, unknown>, ctx);
		const ran = await this.host.wait(call, signal);
		if (ran.status === "threw") throw new Error(reasonOf(ran.error));
		if (ran.status !== "done") {
			const why = this.host.unanswered(ran.status === "interrupted" ? "aborted" : ran.status) ?? "stopped";
			if (ran.status !== "aborted" && ran.status !== "interrupted") this.host.warn(`extension ${tool.path}: tool ${name} ${why}`);
			throw new Error(`${name} ${why}`);
		}
		const output = toolOutput(ran.value);
		if (output.ok) return output.value;
		this.host.warn(`extension ${tool.path}: tool ${name} ${output.reason}`);
		throw new Error(`${name} ${output.reason}`);
	}
}
