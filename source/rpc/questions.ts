/**
 * Questions to the RPC client (pi's `extension_ui_request` dialogs: confirm, select, input) and
 * their answers (`extension_ui_response` with the same id). Tool permission and extensions'
 * dialogs both ask here. An abort of the action, or the end of input, answers `{cancelled: true}`.
 */
import { randomUUID } from "node:crypto";
import type { ConfirmAnswer, ConfirmRequest } from "../agent/agent-session.js";
import type { DialogRequest } from "../extensions/dialogs.js";

type Response = Record<string, unknown>;
const CANCELLED: Response = { cancelled: true };

export class Questions {
	private readonly open = new Map<string, (response: Response) => void>();
	private ended = false;

	constructor(private readonly write: (value: unknown) => void) {}

	/** Writes the request (with a fresh id) and resolves with the client's response. */
	ask(request: Response, signal?: AbortSignal): Promise<Response> {
		return new Promise<Response>((resolve) => {
			if (this.ended || signal?.aborted) return resolve(CANCELLED);
			const id = randomUUID();
			const onAbort = () => {
				this.open.delete(id);
				resolve(CANCELLED);
			};
			signal?.addEventListener("abort", onAbort, { once: true });
			this.open.set(id, (response) => {
				signal?.removeEventListener("abort", onAbort);
				resolve(response);
			});
			this.write({ type: "extension_ui_request", id, ...request });
		});
	}

	/** A fire-and-forget request (setStatus, setWidget): written with a fresh id, nothing awaited. */
	tell(request: Response): void {
		this.write({ type: "extension_ui_request", id: randomUUID(), ...request });
	}

	/** A client's `extension_ui_response`; one for no open question is a warning on stderr. */
	answer(response: Response): void {
		const id = typeof response.id === "string" ? response.id : undefined;
		const resolve = id === undefined ? undefined : this.open.get(id);
		if (!resolve || id === undefined) {
			process.stderr.write(`arbor: warning: extension_ui_response for no open question (${String(response.id)})\n`);
			return;
		}
		this.open.delete(id);
		resolve(response);
	}

	/** Input ended: every open question is cancelled, and later ones at once. */
	end(): void {
		this.ended = true;
		for (const [, resolve] of this.open) resolve(CANCELLED);
		this.open.clear();
	}

	/** Tool permission (write/edit/bash): `value: "always"` stops asking for that tool. */
	async confirmTool(request: ConfirmRequest, signal?: AbortSignal): Promise<ConfirmAnswer> {
		const r = await this.ask(
			{
				method: "confirm",
				title: `Allow ${request.toolName}?`,
				message: request.preview ? `${request.description}\n\n${request.preview}` : request.description,
				toolName: request.toolName,
				args: request.args,
				...(request.toolCallId ? { toolCallId: request.toolCallId } : {}),
			},
			signal,
		);
		if (r.cancelled === true) return "no";
		if (r.value === "always") return "always";
		return r.confirmed === true || r.value === "yes" ? "yes" : "no";
	}

	/** An extension's dialog: confirm → true/false, select and input → the value, or undefined when cancelled. */
	async dialog(request: DialogRequest, signal?: AbortSignal): Promise<unknown> {
		const { kind, ...fields } = request;
		const r = await this.ask({ method: kind, ...fields }, signal);
		if (kind === "confirm") return r.cancelled !== true && (r.confirmed === true || r.value === "yes");
		return r.cancelled !== true && typeof r.value === "string" ? r.value : undefined;
	}
}
