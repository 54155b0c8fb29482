/**
 * One ACP session: an AgentSession and what the editor must see of it. Turn events become
 * `session/update` notifications (message and thought chunks, tool calls with their diffs and
 * locations); write/edit/bash ask the editor through `session/request_permission`, naming the tool
 * call it already showed.
 */
import type { AgentContext, ContentBlock, SessionUpdate, StopReason, ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { AgentEvent, AgentSession, ConfirmAnswer, ConfirmRequest } from "../agent/agent-session.js";
import type { TurnResult } from "../agent/agent-session.js";
import type { Place } from "../config/options.js";
import type { ImageContent } from "../session/types.js";
import { fitImageParts } from "../tools/image-fit.js";
import { PERMISSION_OPTIONS, permissionAnswer } from "./permission.js";
import { toolCallUnfinished } from "./replay.js";
import { toolCallEnd, toolCallStart } from "./replay.js";
import { TaskUpdates } from "./task-updates.js";

type Call = { id: string; name: string; key: string; diff: ToolCallContent[]; asked: boolean; done: boolean };
/** A question waiting for its call's announcement: by id, else (a gate that knows none) by tool and arguments. */
type Waiter = { id?: string; name: string; key: string; resolve: (call: Call) => void };

/** The prompt of `session/prompt`: text (embedded resources as context blocks after it) and images. */
export function promptOf(blocks: readonly ContentBlock[]): { text: string; images: ImageContent[] } {
	let text = "";
	const context: string[] = [];
	const images: ImageContent[] = [];
	for (const block of blocks) {
		if (block.type === "text") text += block.text;
		else if (block.type === "image") images.push({ type: "image", data: block.data, mimeType: block.mimeType });
		else if (block.type === "resource_link") text += `[@${block.name}](${block.uri})`;
		else if (block.type === "resource") {
			const r = block.resource;
			if ("text" in r) context.push(`<context ref="${r.uri}">\n${r.text}\n</context>`);
			else text += `[@${r.uri}](${r.uri})`;
		}
	}
	return { text: [text, ...context].filter((t) => t !== "").join("\n\n"), images };
}

/** arbor's stop reason as ACP's; an error is not a stop reason (the prompt request fails with it). */
export function stopReasonOf(result: TurnResult | undefined, cancelled: boolean): StopReason | { error: string } {
	if (cancelled || !result || result.stopReason === "aborted") return "cancelled";
	if (result.stopReason === "error" || !result.ok) return { error: result.error ?? "the turn failed" };
	if (result.stopReason === "length") return "max_tokens";
	return "end_turn";
}

export class LiveSession {
	private readonly calls = new Map<string, Call>();
	private waiters: Waiter[] = [];
	private turn: AbortController | undefined;
	/** The running tasks, whose tool calls update their `task` call (task-updates.ts). */
	private readonly tasks = new TaskUpdates();
	/** Extension notices (ctx.ui.notify) are shown as agent text while a prompt or command runs. */
	private showNotices = false;

	constructor(
		readonly id: string,
		readonly agent: AgentSession,
		readonly place: Place,
		private readonly client: () => AgentContext,
	) {
		agent.subscribe((event) => this.onEvent(event));
	}

	/** Sends one update for this session (in order: the connection writes in call order). */
	send(update: SessionUpdate): Promise<void> {
		return this.client().notify("session/update", { sessionId: this.id, update });
	}

	/** Runs a turn; resolves with its ACP stop reason once every update of it is written. */
	async prompt(blocks: readonly ContentBlock[]): Promise<StopReason | { error: string }> {
		const { text, images: pasted } = promptOf(blocks);
		// A pasted screenshot larger than providers take is made smaller, as one from a file is.
		const images = await fitImageParts(pasted);
		if ("error" in images) return images;
		const turn = new AbortController();
		this.turn = turn;
		this.showNotices = true;
		try {
			const result = await this.agent.prompt(text, { images });
			return stopReasonOf(result, turn.signal.aborted);
		} finally {
			this.showNotices = false;
			if (this.turn === turn) this.turn = undefined;
		}
	}

	/** An extension's `/name args`; its notices are the answer. False when no extension has `name`. */
	async runExtensionCommand(text: string): Promise<boolean> {
		this.showNotices = true;
		try {
			return await this.agent.runCommand(text);
		} finally {
			this.showNotices = false;
		}
	}

	/** `session/cancel`: aborts the turn (a pending permission question is answered "no") and waits for it. */
	async cancel(): Promise<void> {
		this.turn?.abort();
		await this.agent.abort();
	}

	/** The tool gate's question, asked of the editor about the tool call it was shown. */
	readonly confirm = async (request: ConfirmRequest, runSignal?: AbortSignal): Promise<ConfirmAnswer> => {
		const call = await this.callFor(request.toolName, request.args, request.toolCallId);
		call.asked = true;
		// The run's abort cancels the question (the SDK sends $/cancel_request; the answer is then "no").
		const signal = runSignal ?? this.turn?.signal;
		if (signal?.aborted) return "no";
		const response = await this.client()
			.request(
				"session/request_permission",
				{
					sessionId: this.id,
					toolCall: { toolCallId: call.id, title: request.description, status: "pending", content: call.diff.length > 0 ? call.diff : undefined },
					options: PERMISSION_OPTIONS,
				},
				signal ? { cancellationSignal: signal } : undefined,
			)
			.catch((error: unknown) => {
				process.stderr.write(`arbor: permission request failed: ${error instanceof Error ? error.message : String(error)}\n`);
				return undefined;
			});
		const answer = signal?.aborted ? "no" : permissionAnswer(response);
		if (answer !== "no") void this.send({ sessionUpdate: "tool_call_update", toolCallId: call.id, status: "in_progress" });
		return answer;
	};

	/**
	 * The announced call the question is about: by its id, else the first not yet asked call with
	 * this tool and these arguments. The tool's execution may start before the turn's stream has
	 * reported the call: then the announcement is awaited, so the editor always sees the call first.
	 */
	private callFor(name: string, args: unknown, id: string | undefined): Promise<Call> {
		const key = JSON.stringify(args) ?? "";
		const known = id !== undefined ? this.calls.get(id) : [...this.calls.values()].find((c) => !c.asked && !c.done && c.name === name && c.key === key);
		if (known) return Promise.resolve(known);
		return new Promise((resolve) => this.waiters.push({ ...(id !== undefined ? { id } : {}), name, key, resolve }));
	}

	private onEvent(event: AgentEvent): void {
		switch (event.type) {
			case "text_delta":
				if (event.delta !== "") void this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: event.delta } });
				return;
			case "thinking_delta":
				if (event.delta !== "") void this.send({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: event.delta } });
				return;
			case "tool_call": {
				const start = toolCallStart(event.toolCallId, event.toolName, event.args, this.place.cwd, { readOld: true });
				const call: Call = { id: event.toolCallId, name: event.toolName, key: JSON.stringify(event.args) ?? "", diff: start.content ?? [], asked: false, done: false };
				this.calls.set(call.id, call);
				void this.send(start);
				const waiter = this.waiters.find((w) => (w.id !== undefined ? w.id === call.id : w.name === call.name && w.key === call.key));
				if (waiter) {
					this.waiters = this.waiters.filter((w) => w !== waiter);
					waiter.resolve(call);
				}
				return;
			}
			case "tool_result": {
				const call = this.calls.get(event.toolCallId);
				if (call) call.done = true;
				void this.send(toolCallEnd(event.toolCallId, event.output, event.isError, call?.diff ?? []));
				return;
			}
			case "agent_end":
				// A call the turn ended without running (cancelled while its permission question was
				// open, or aborted before it ran) is closed: the editor would show it pending forever.
				for (const call of this.calls.values()) if (!call.done) void this.send(toolCallUnfinished(call.id));
				this.calls.clear();
				return;
			case "task_start":
			case "task_tool":
			case "task_end": {
				const update = this.tasks.update(event);
				if (update) void this.send(update);
				return;
			}
			case "extension_error":
				process.stderr.write(`arbor: warning: ${event.error}\n`);
				return;
			case "notify":
				if (this.showNotices) void this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: `${event.message}\n` } });
				else process.stderr.write(`arbor: ${event.message}\n`);
				return;
			default:
				return;
		}
	}
}
