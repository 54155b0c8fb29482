import { EMPTY_LIBRARY, libraryMenu } from "../../config/prompt-library.js";
import { promptSourcesLine, promptWarnings } from "../../config/prompt-sources.js";
import { Box, Static, useApp, useStdout } from "ink";
import React, { useEffect, useMemo, useReducer, useState } from "react";
import type { AgentSession } from "../../agent/agent-session.js";
import type { ChatBridge } from "./chat-bridge.js";
import { expandedInput, runCommand } from "../commands.js";
import type { UiDeps } from "../deps.js";
import { buildCommandHandlers } from "../actions/command-handlers.js";
import { useChat } from "./use-chat.js";
import { useExtensions } from "./use-extensions.js";
import { ExtensionDialog } from "./extension-dialog.js";
import { ExtensionWidgets, widgetRows } from "./extension-widgets.js";
import { useSession } from "./use-session.js";
import { damagedLines, useTranscriptSync } from "./use-transcript-sync.js";
import { DEFAULT_MODEL_HINT, type InteractiveOptions } from "../options.js";
import { appReducer, initialAppState, type AppAction } from "./app-reducer.js";
import { settledPrefix } from "./transcript.js";
import { conversationLeaf } from "../../tree/filter.js";
import { sessionCost } from "../../session/usage.js";
import { canThink } from "../../llm/thinking.js";
import { BottomScreen } from "./bottom-screen.js";
import { LiveArea } from "./live-area.js";
import { CONFIRM_LIVE_LINES } from "./confirm-prompt.js";
import { QueuedMessages, queuedRows } from "./queued-messages.js";
import { MessageView } from "./message-view.js";
import { ModelGuide } from "./model-guide.js";
import { StatusLine } from "./status-line.js";
import { needOf, nextModel, recentModels } from "../pickers/model-picker.js";
import { useSessionSwitch } from "./use-session-switch.js";
import { useAutoSync } from "./use-auto-sync.js";
import { useAfterRun } from "./use-after-run.js";
import { useAgentSession } from "./use-agent-session.js";
import { ExpandKey } from "./expand-key.js";
import { useFullScreen } from "./use-full-screen.js";
import { useTerminalSize } from "../widgets/use-terminal-size.js";
import { hintWithSessionModel, statusModelHint, useQuit } from "./use-quit.js";
import { Editor, QUIT_WINDOW_MS } from "../editor/editor.js";
import { KeyInputProvider } from "../input/use-keys.js";
import { TypeAhead } from "../input/type-ahead.js";
import { KeymapProvider } from "../input/use-keymap.js";
import { DEFAULT_KEYMAP } from "../input/keymap.js";
import { SessionServicesProvider, type SessionServices } from "../services.js";
import { McpOverlays, mcpPromptInput, useMcp } from "../mcp/mcp-overlays.js";

type AppProps = {
	options: InteractiveOptions;
	deps: UiDeps;
	/** The session core: the chat calls its verbs and renders its events (docs/core.md). */
	agent: AgentSession;
	/** The callbacks the core was opened with: the app attaches its question, dialogs and event rendering. */
	bridge: ChatBridge;
	/** Ctrl+C while no screen takes keys (e.g. while quitting): what a cooked-mode terminal would do. */
	interrupt?(): void;
};

/** Rows the editor's text and lists may take while a reply runs (the live area's budget leaves 12 for the editor, spinners, margins, status line). */
const BUSY_EDITOR_ROWS = 6;

/** A hint for the editor's double-press window, cleared when that window is over. */
function showHint(dispatch: React.Dispatch<AppAction>, text: string): void {
	dispatch({ type: "status-shown", status: { text, kind: "info" } });
	// unref: a pending hint must not keep the process alive after quitting.
	setTimeout(() => dispatch({ type: "status-expired", text }), QUIT_WINDOW_MS).unref();
}

/** The chat screen: printed transcript, live area, editor (or another screen) and status line. */
export function App({ options, deps, agent, bridge, interrupt }: AppProps) {
	const { exit } = useApp();
	const { stdout } = useStdout();
	const { store, model, modelChanged } = useAgentSession(agent);
	const bus = agent.extensions.bus;
	const [keymap, setKeymap] = useState(options.keymap ?? DEFAULT_KEYMAP); // /reload reads keybindings.json again
	const view = useSession(store);
	const { rows, cols } = useTerminalSize({ rows: stdout.rows ?? 24, cols: stdout.columns ?? 80 });
	const [state, dispatch] = useReducer(appReducer, view, (v) => initialAppState(v.getPath(v.leafId), { size: { rows, cols }, warnings: damagedLines(v) }));
	useTranscriptSync({ store, view, dispatch, size: { rows, cols } });
	const context = useMemo(() => view.buildContext(), [view]);
	const modelHint = hintWithSessionModel(options.modelHint ?? DEFAULT_MODEL_HINT, context.model);
	const summaryModel = agent.summaryModel;
	const services = useMemo<SessionServices>(
		() => ({ agent, store, view, deps, bus, summaryModel, maxRetries: options.maxRetries, dispatch }),
		[agent, store, view, deps, bus, summaryModel, options.maxRetries],
	);
	const cost = useMemo(() => sessionCost(view.entries), [view]);
	const chat = useChat({ agent, bridge, dispatch, modelHint, cwd: options.cwd });
	// Keys typed as a tool's confirmation appears go on to the editor (confirm-prompt.tsx).
	const [typeAhead] = useState(() => new TypeAhead(options.clock, options.timer));
	const ext = useExtensions(agent.extensions, bridge, dispatch, { chat, busy: state.busy !== null, keymap });
	const library = options.prompts?.current.library ?? EMPTY_LIBRARY;
	const mcp = useMcp(agent, bridge, dispatch);
	const menu = useMemo(() => [...ext.commands, ...libraryMenu(library), ...mcp.commands], [ext.commands, library, mcp.commands]); // the slash menu (the first of a name wins)
	const { quitting, quit } = useQuit(chat, exit);
	const switchSession = useSessionSwitch(agent, dispatch);
	useAutoSync(agent, options.cwd, dispatch);
	const handlers = buildCommandHandlers({ ...services, model, modelHint, chat, modelChanged, switchSession, quit,
		setKeymap, where: options, writeControl: (sequence) => stdout.write(sequence), busy: state.busy !== null, openMcp: mcp.open });
	const tokens = useMemo(() => deps.estimateContextTokens(context.messages), [deps, context]);

	useEffect(() => {
		if (options.openPicker === "resume") dispatch({ type: "picker-opened", picker: "resume-picker" });
		const sources = options.prompts?.current;
		const found = sources ? promptSourcesLine(sources, options.cwd) : "";
		if (sources && found) dispatch({ type: "status-shown", status: { text: found, kind: promptWarnings(sources).length > 0 ? "error" : "info" } });
		if (options.initialPrompt) void chat.send(options.initialPrompt);
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only once, at start-up (a later `chat` or `options` must not send the prompt again)
	}, []);

	const whileBusy = useAfterRun({ busy: state.busy, idle: chat.idle, dispatch, keymap, submit: (text) => submit(text) });
	const submit = (text: string): boolean => {
		// Enter on an empty editor with messages queued (after an abort): send them, in order.
		if (text === "") return chat.queued.length > 0 && (void chat.sendQueued(), true);
		const { parsed, expanded } = mcpPromptInput(text, mcp.commands) ?? expandedInput(text, ext.commands, library);
		if (expanded instanceof Error) return (dispatch({ type: "status-shown", status: { text: expanded.message, kind: "error" } }), false);
		text = expanded ?? text;
		// A prompt while a reply runs waits for it (pi's follow-up); commands still wait for the end.
		if (state.busy?.kind === "reply" && parsed.kind === "prompt") return (chat.queue(text, "follow-up"), true);
		if (!state.busy && parsed.kind === "prompt" && chat.queued.length > 0 && model) {
			// After an abort the queue comes first: this message joins it, all sent in order.
			chat.queue(text, "follow-up");
			void chat.sendQueued();
			return true;
		}
		// While the reply finishes (its file state saved) a command waits for the run's end; before that it is refused.
		if (state.busy && !(parsed.kind === "command" && parsed.name === "quit")) return whileBusy(text);
		if (parsed.kind === "bash") return (void chat.bash(parsed.command, parsed.exclude), true);
		if (parsed.kind === "prompt" && !model) {
			dispatch({ type: "status-shown", status: { text: modelHint, kind: "error" } });
			return false;
		}
		if (parsed.kind === "unknown" && !ext.commands.some((c) => c.name === parsed.name)) {
			// Kept in the editor: a typo is fixed, not retyped.
			dispatch({ type: "status-shown", status: { text: `Unknown command /${parsed.name}`, kind: "error" } });
			return false;
		}
		void runCommand(parsed, handlers, ext.runCommand).then((wasCommand) => (wasCommand ? undefined : chat.send(text)));
		return true;
	};

	const chatting = state.screen.kind === "chat" && !quitting;
	const full = useFullScreen({ screen: state.screen, quitting, staticKey: state.staticKey, settled: settledPrefix(state.items) });
	return (
		<KeyInputProvider onInterrupt={interrupt}>
		<KeymapProvider keymap={keymap}>
		<SessionServicesProvider value={services}>
		<Box flexDirection="column">
			<ExpandKey active={chatting} dispatch={dispatch} size={{ rows, cols }} />
			<Static key={state.staticKey} items={state.items.slice(0, full.printable)}>
				{(item) => <MessageView key={item.key} item={item} width={cols} expanded={state.expanded} />}
			</Static>
			{/* On the alternate screen the view fills it (one row spare: Ink clears the scrollback when a frame fills the terminal); the status line stays on the last row. */}
			<Box flexDirection="column" height={full.onAlt && full.showScreen ? rows - 1 : undefined}>
			<LiveArea live={state.live} running={state.running} busy={state.busy} tasks={chat.tasks} expanded={state.expanded} maxLines={state.screen.kind === "confirm" ? CONFIRM_LIVE_LINES : Math.max(3, rows - 12 - queuedRows(chat.queued, true))} cols={cols} />
			<QueuedMessages queued={chat.queued} cols={cols} hint={chatting} />
			{chatting && !model && state.items.length === 0 && <ModelGuide />}
			{state.screen.kind !== "chat" && full.showScreen && (
				// A confirmation fits what the queue above it leaves (messages typed ahead of it are queued).
				<Box flexDirection="column" flexGrow={1}><BottomScreen screen={state.screen} options={options} chat={chat} switchSession={switchSession} rows={(full.onAlt && full.showScreen ? rows - 2 : rows) - queuedRows(chat.queued, chatting)} cols={cols} extraCommands={menu} extraKeys={ext.shortcutRows} typeAhead={typeAhead}
					model={model?.spec} onModel={(spec) => handlers.model(spec)} /></Box>
			)}
			{chatting && ext.widgets.length > 0 && <ExtensionWidgets widgets={ext.widgets} />}
			{!quitting && <Box display={chatting ? "flex" : "none"}>
				<Editor
					active={chatting} takes={state.screen.kind === "confirm" ? (event) => typeAhead.isAhead(event) : undefined}
					onTyped={() => typeAhead.typed()} busy={state.busy !== null} onSubmit={submit} steerOnEnter={options.steerOnEnter} onAbort={chat.abort} onQuit={quit}
					onOpenTree={() => void handlers.tree("")} request={state.editorRequest} width={cols}
					rows={state.busy ? BUSY_EDITOR_ROWS : rows - 4 - queuedRows(chat.queued, true) - widgetRows(ext.widgets)}
					onHint={(text) => showHint(dispatch, text)} onError={(text) => dispatch({ type: "status-shown", status: { text, kind: "error" } })}
					onCycleThinking={() => handlers.thinking("next")} onShortcut={ext.runShortcut}
					onCycleModel={() => {
						const next = nextModel(options.catalog ?? { providers: [] }, { current: model?.spec, recent: recentModels(view), need: needOf(options.resolveModel), scope: options.cycleScope });
						if (next) handlers.cycleModel(next);
						else showHint(dispatch, "No other model this run can use (/model lists them all)");
					}}
					extraCommands={menu}
					queued={chat.queued.length} onTakeQueue={chat.takeQueue} cwd={options.cwd}
					onSteer={(text) => {
						const { parsed } = expandedInput(text, ext.commands, library);
						if (state.busy?.kind !== "reply" || parsed.kind !== "prompt") return false;
						const refused = chat.queue(parsed.text, "steer");
						if (refused) dispatch({ type: "status-shown", status: { text: refused, kind: "error" } });
						return refused === undefined;
					}}
				/>
			</Box>}
			{ext.dialog && <ExtensionDialog key={ext.dialog.id} dialog={ext.dialog} rows={rows} cols={cols} typeAhead={typeAhead} />}
			<McpOverlays mcp={mcp} manager={agent.mcp} window={model?.contextWindow} rows={rows} cols={cols} cwd={options.cwd} />
			<StatusLine
				model={model?.spec} hint={statusModelHint(DEFAULT_MODEL_HINT, context.model)} sessionName={view.name} contextTokens={tokens}
				contextWindow={model?.contextWindow} cost={cost} extensions={ext.statuses} thinking={canThink(model) ? (context.thinkingLevel ?? "off") : undefined} leafId={conversationLeaf(view)} warnings={state.warnings} status={state.status} cols={cols}
			/>
			</Box>
		</Box>
		</SessionServicesProvider>
		</KeymapProvider>
		</KeyInputProvider>
	);
}
