/**
 * The chat's side of the session's MCP servers (docs/mcp.md): the approval question for a
 * project's servers (the core's `mcpAsk`, through the bridge), `/mcp`'s list, the prompts as slash
 * commands, and one status line for a server that fails to start or dies.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import type { McpApprovalAsk } from "../../mcp/session-servers.js";
import type { MenuCommand, ParsedInput } from "../commands.js";
import type { AppAction } from "../chat/app-reducer.js";
import type { ChatBridge } from "../chat/chat-bridge.js";

/** The servers the core asks about, and how the question is answered. */
export type McpQuestion = { servers: Parameters<McpApprovalAsk>[0]; answer(approve: boolean): void };

export type McpUi = {
	/** The approval question on the screen now, if any. */
	question?: McpQuestion;
	/** `/mcp`'s list is open. */
	listing: boolean;
	open(): void;
	close(): void;
	/** The running servers' prompts as slash commands (`mcp__server__prompt`). */
	commands: readonly MenuCommand[];
	/** Changes whenever a server's state or tools change (the list re-renders). */
	version: number;
};

export function useMcp(agent: AgentSession, bridge: ChatBridge, dispatch: Dispatch<AppAction>): McpUi {
	const [question, setQuestion] = useState<McpQuestion>();
	const [listing, setListing] = useState(false);
	const [version, setVersion] = useState(0);
	// Each failure is told once: a server that failed and failed again with the same reason is not repeated.
	const told = useRef(new Map<string, string>());
	useEffect(
		() =>
			bridge.attach({
				mcpAsk: (servers) =>
					new Promise<boolean>((resolve) =>
						setQuestion({
							servers,
							answer: (approve) => {
								setQuestion(undefined);
								resolve(approve);
							},
						}),
					),
			}),
		[bridge],
	);
	const manager = agent.mcp;
	useEffect(() => {
		if (!manager) return undefined;
		const changed = () => {
			setVersion((v) => v + 1);
			for (const s of manager.statuses()) {
				if (s.state !== "failed" || told.current.get(s.name) === s.reason) continue;
				told.current.set(s.name, s.reason ?? "");
				dispatch({ type: "status-shown", status: { text: `MCP server ${s.name}: ${s.reason ?? "failed"}`, kind: "error" } });
			}
		};
		changed();
		return manager.subscribe(changed);
	}, [manager, dispatch]);
	const commands = useMemo(
		() => (manager?.promptCommands() ?? []).map((c) => ({ name: c.name, description: c.description, ...(c.argumentHint ? { args: c.argumentHint } : {}) })),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is when the servers' prompts change
		[manager, version],
	);
	const open = useCallback(() => setListing(true), []);
	const close = useCallback(() => setListing(false), []);
	return { ...(question ? { question } : {}), listing, open, close, commands, version };
}

/** `/mcp__server__prompt words` naming a running server's prompt: sent as a prompt (the core expands it); undefined otherwise. */
export function mcpPromptInput(text: string, commands: readonly MenuCommand[]): { parsed: ParsedInput; expanded?: string | Error } | undefined {
	const name = /^\/(mcp__\S+)/.exec(text.trim())?.[1];
	return name && commands.some((c) => c.name === name) ? { parsed: { kind: "prompt", text } } : undefined;
}
