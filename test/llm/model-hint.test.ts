import { describe, expect, it } from "vitest";
import { noModelHint, noModelMessage, recordedModelSpec } from "../../source/llm/model-hint.js";
import { NO_MODEL_MESSAGE } from "../../source/llm/resolve-model.js";
import { SessionStore } from "../../source/session/store.js";

const assistant = (provider: string, model: string) => ({
	role: "assistant" as const,
	content: [{ type: "text" as const, text: "a" }],
	provider,
	model,
	usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
	stopReason: "stop" as const,
	timestamp: 1,
});

describe("recordedModelSpec: the newest model on the current path", () => {
	it("assistant messages and model_change entries, newest first; other branches do not count", () => {
		const store = SessionStore.create({ cwd: "/p", inMemory: true });
		expect(recordedModelSpec(store.snapshot())).toBeUndefined();
		const u = store.appendMessage({ role: "user", content: "q", timestamp: 1 });
		expect(recordedModelSpec(store.snapshot())).toBeUndefined();
		store.appendMessage(assistant("ollama", "llama3.2") as never);
		expect(recordedModelSpec(store.snapshot())).toBe("ollama:llama3.2");
		store.append({ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" } as never);
		store.setLabel(u.id, "x");
		expect(recordedModelSpec(store.snapshot())).toBe("anthropic:claude-sonnet-4-5");
		store.moveLeaf(u.id);
		expect(recordedModelSpec(store.snapshot())).toBeUndefined();
		store.appendMessage(assistant("google", "gemini-2.5") as never);
		expect(recordedModelSpec(store.snapshot())).toBeUndefined();
	});

	it("the messages name the flag to pass", () => {
		expect(noModelMessage(undefined)).toBe(NO_MODEL_MESSAGE);
		expect(noModelMessage("ollama:llama3.2")).toBe("no model configured: this session used ollama:llama3.2; run with -m ollama:llama3.2 (or set ARBOR_MODEL)");
		expect(noModelHint("ollama:llama3.2")).toBe("no model — try -m ollama:llama3.2");
		expect(noModelHint(undefined)).toBe("no model — set ARBOR_MODEL or use --model provider:model");
	});
});
