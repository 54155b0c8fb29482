// Writes a pi 1.6 session with pi's own code (AgentSession over a faux model, SessionManager):
// branches, branch summaries, a compaction with systemMessage, context_edit and usage entries,
// system messages (sections, toolsAdded, toolsRemoved), a `!command`, labels and a second root.
// Run with a Node ≥ 22.19: node pi-write-session.mjs <cwd> <session-dir>; prints the file's path.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxProvider, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai";
import { createAgentSession, createExtensionRuntime, ModelRuntime, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";

const [cwd, sessionDir] = process.argv.slice(2);
const agentDir = mkdtempSync(join(tmpdir(), "pi16-agent-"));
const faux = fauxProvider({ models: [{ id: "faux-1", contextWindow: 200_000, maxTokens: 8_000 }] });
const modelRuntime = await ModelRuntime.create({ authPath: join(agentDir, "auth.json"), modelsPath: join(agentDir, "models.json") });
modelRuntime.registerNativeProvider(faux.provider);
const model = faux.getModel();
const resourceLoader = {
	getExtensions: () => ({ extensions: [], errors: [], runtime: createExtensionRuntime() }),
	getSkills: () => ({ skills: [], diagnostics: [] }),
	getPrompts: () => ({ prompts: [], diagnostics: [] }),
	getThemes: () => ({ themes: [], diagnostics: [] }),
	getAgentsFiles: () => ({ agentsFiles: [] }),
	getSystemPrompt: () => undefined,
	getSystemPromptSource: () => undefined,
	getAppendSystemPrompt: () => [],
	getAppendSystemPromptSources: () => [],
	extendResources: () => {},
	reload: async () => {},
};
const sessionManager = SessionManager.create(cwd, sessionDir);
const { session } = await createAgentSession({
	cwd,
	agentDir,
	model,
	thinkingLevel: "off",
	modelRuntime,
	resourceLoader,
	tools: ["read", "bash"],
	sessionManager,
	settingsManager: SettingsManager.inMemory({ compaction: { enabled: false, keepRecentTokens: 30 }, retry: { enabled: false } }),
});

const say = async (text, ...replies) => {
	faux.setResponses(replies);
	await session.prompt(text);
};
const last = () => sessionManager.getLeafId();

await say("read the readme", fauxAssistantMessage([fauxThinking("look"), fauxToolCall("read", { path: "readme.md" }, { id: "call_1" })], { stopReason: "toolUse" }), fauxAssistantMessage("It says hello."));
const firstUser = sessionManager.getBranch().find((e) => e.type === "message" && e.message.role === "user").id;
await session.executeBash("echo out; exit 3");
await session.executeBash("echo hidden", undefined, { excludeFromContext: true });
await say("my password is hunter2", fauxAssistantMessage("Noted."));
const secret = sessionManager.getBranch().filter((e) => e.type === "message" && e.message.role === "user").at(-1).id;
const noted = last();
sessionManager.appendContextEdit(secret, null);
sessionManager.appendContextEdit(noted, { content: "Replaced reply." });
sessionManager.appendUsage("cache_warm", "faux", "faux-1", { input: 0, output: 0, cacheRead: 500, cacheWrite: 0, totalTokens: 500, cost: { input: 0, output: 0, cacheRead: 0.25, cacheWrite: 0, total: 0.25 } });
session.setActiveToolsByName(["read"]);
await say("tools changed", fauxAssistantMessage("Only read now."));
sessionManager.appendLabelChange(firstUser, "start");
const beforeBranch = last();
// A branch from the first reply, with a summary of what is left.
const firstReply = sessionManager.getBranch().find((e) => e.type === "message" && e.message.role === "assistant" && e.message.stopReason === "stop").id;
faux.setResponses([fauxAssistantMessage("Summary of the abandoned branch.")]);
await session.navigateTree(firstReply, { summarize: true });
await say("second branch", fauxAssistantMessage("On the second branch."));
session.setActiveToolsByName(["bash"]);
await say("more", fauxAssistantMessage([fauxToolCall("bash", { command: "ls" }, { id: "call_2" }), fauxToolCall("bash", { command: "true" }, { id: "call_3" })], { stopReason: "toolUse" }), fauxAssistantMessage("Listed."));
faux.setResponses([fauxAssistantMessage("Compacted summary.")]);
await session.compact();
session.setActiveToolsByName(["read", "bash"]);
await say("after compaction", fauxAssistantMessage("Still here."));
const afterCompaction = last();
sessionManager.appendContextEdit(afterCompaction, { content: [fauxText("Edited after compaction.")] });
await say("one more", fauxAssistantMessage("Done."));
// Back to the first branch's end without a summary, then a second root.
await session.navigateTree(beforeBranch, { summarize: false });
await say("back on the first branch", fauxAssistantMessage("Welcome back."));
sessionManager.resetLeaf();
await say("a new root", fauxAssistantMessage("Fresh start."));
session.dispose();
process.stdout.write(`${sessionManager.getSessionFile()}\n`);
