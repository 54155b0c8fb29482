/**
 * The local model server's answers per conversation: a task's sub-conversation sends its own
 * requests, told apart by their first user message (the task's prompt; the main conversation's is
 * the user's prompt). Step n of a conversation (n = assistant messages it sends back) gets script n.
 */
import type { Script, SseServer } from "../helpers/sse-server.js";

type Step = Script | ((body: any) => Script | Promise<Script>);

/** The text of the first user message a request sends. */
export function firstUserText(body: any): string {
	const first = (body.messages ?? []).find((m: { role: string }) => m.role === "user");
	if (!first) return "";
	return typeof first.content === "string" ? first.content : first.content.map((p: { text?: string }) => p.text ?? "").join("");
}

/** A handler for startSseServer: `scripts[first user text][step]`; anything else a 500 naming it. */
export function byConversation(scripts: Record<string, Step[]>): (body: any) => Script | Promise<Script> {
	return (body) => {
		const key = firstUserText(body);
		const step = (body.messages ?? []).filter((m: { role: string }) => m.role === "assistant").length;
		const script = scripts[key]?.[step];
		if (!script) return { type: "error", status: 500, message: `no script for "${key}" step ${step}` };
		return typeof script === "function" ? script(body) : script;
	};
}

/** A promise and its resolve, for a request held until another one comes. */
export function gate(): { opened: Promise<void>; open: () => void } {
	let open = () => {};
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { opened, open };
}

/** A `task` tool call, as the model sends it. */
export const taskCall = (id: string, description: string, prompt: string) => ({ id, name: "task", args: { description, prompt } });

/** The tool message answering call `id` in a request's body. */
export const toolMessage = (body: any, id: string) => body.messages.find((m: any) => m.role === "tool" && m.tool_call_id === id);

/** The requests of the conversation whose first user message is `prompt`. */
export const requestsOf = (server: SseServer, prompt: string) => server.requests.filter((r) => firstUserText(r.body) === prompt);
