/**
 * A task's sub-conversation (source/tasks/) run on the session core: a TurnRunner of its own on the
 * task's in-memory session, with the task's system prompt and tools, the parent's model (or the one
 * the task names) and thinking level, no compaction and no extension hooks (the parent's turn has
 * them; a task's turn is part of it); checkpoints only in a task's own copy (the parent's turn takes
 * those of the working tree). Its events become the task's progress.
 */
import { chatCheckpointer } from "../checkpoints/setup.js";
import type { Settings } from "../config/settings.js";
import type { ModelChoice } from "../config/model-config.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import type { ThinkingLevel } from "../llm/thinking.js";
import type { RunConversation, TaskOutcome } from "../tasks/types.js";
import type { ContextMessage } from "../session/types.js";
import { TurnRunner, type RunExtensions } from "./turn-runner.js";
import type { AgentOpenOptions } from "./types.js";

/** What the sub-conversations of a session share with it. */
type TaskConversationDeps = {
	opts: AgentOpenOptions;
	settings: Settings;
	models: ModelChoice;
	chat(): ResolvedModel | undefined;
	thinking(): ThinkingLevel | undefined;
};

/** Extensions see the parent's turn only: a task's turn runs without their hooks. */
const NO_EXTENSIONS: RunExtensions = {
	turn: (t, run) => run({ system: t.system, prompt: t.prompt, activeTools: () => undefined, afterPrompt: [] }),
	requestMessages: (messages: ContextMessage[]) => Promise.resolve(messages),
};

/** The core's way to run one task (see {@link RunConversation}). */
export function taskConversations(deps: TaskConversationDeps): RunConversation {
	return async ({ store, prompt, model, system, tools, signal, progress, files }) => {
		const chat = model ? resolved(deps.models, model) : deps.chat();
		if (!chat) throw new Error(deps.models.chatError ?? "no model configured");
		// A task in a copy: its checkpoints are the copy's (recorded as `copy` ones), when checkpoints are on.
		const checkpointer = files ? chatCheckpointer({ flags: deps.opts, settings: deps.settings, session: store, where: { home: deps.opts.home, cwd: deps.opts.branch?.projectCwd ?? deps.opts.cwd }, onNotice: () => {}, copy: files }) : undefined;
		let tokens = 0;
		// What it last said: a task stopped mid-step (its budget, an abort) answers with an empty step.
		let said = "";
		const runner = new TurnRunner({
			emit: (event) => {
				if (event.type === "tool_call") progress.toolCall(event.toolName, event.args);
				if (event.type === "message_end" && event.message.role === "assistant" && event.message.usage) {
					const text = event.message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
					if (text.trim() !== "") said = text;
					const usage = event.message.usage;
					tokens += usage.totalTokens ?? usage.input + usage.output;
					progress.tokens(tokens);
				}
			},
			store: () => store,
			chat: () => chat,
			thinking: () => deps.thinking(),
			checkpointer: () => checkpointer,
			autoCompaction: () => false,
			deps: { opts: deps.opts, models: deps.models, tools: { toolSet: tools, enabled: Object.keys(tools) }, system, ext: NO_EXTENSIONS },
		});
		const stop = () => void runner.abort();
		signal.addEventListener("abort", stop, { once: true });
		try {
			return outcome(await runner.prompt(prompt), signal, said);
		} finally {
			signal.removeEventListener("abort", stop);
		}
	};
}

function resolved(models: ModelChoice, spec: string): ResolvedModel {
	const result = models.resolve(spec);
	if (!result.ok) throw new Error(result.message);
	return result.value;
}

function outcome(result: Awaited<ReturnType<TurnRunner["prompt"]>>, signal: AbortSignal, said: string): TaskOutcome {
	if (!result) return { ok: false, text: said, error: "the task did not run", aborted: signal.aborted };
	return { ok: result.ok, text: result.text.trim() === "" ? said : result.text, ...(result.error ? { error: result.error } : {}), aborted: signal.aborted || result.reason === "aborted" };
}
