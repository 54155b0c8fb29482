import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

/** Every variable that would give arbor a model or a key: a first start has none. */
const NO_KEYS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ARBOR_API_KEY", "ARBOR_MODEL", "ARBOR_BASE_URL"];

describe("the first start with no model configured (empty ARBOR_HOME, no key variables)", () => {
	it("shows in the chat how to pick a model: keys, a local server, compat:, models.json", async () => {
		({ dir: fx.dir } = tempPlace("first-start"));
		const saved = NO_KEYS.map((key) => [key, process.env[key]] as const);
		for (const key of NO_KEYS) delete process.env[key];
		try {
			fx.tmux = startArbor({ args: [], cwd: fx.dir, home: join(fx.dir, "home") });
			const screen = await fx.tmux.waitForScreen((s) => s.includes("No model yet"), "the guide");
			expect(screen).toContain("set OPENAI_API_KEY or ANTHROPIC_API_KEY");
			expect(screen).toContain("/model ollama:llama3.2 (Ollama, port 11434)");
			expect(screen).toContain("lmstudio:<model> (LM Studio, port 1234)");
			expect(screen).toContain("-m compat:<model> --base-url");
			expect(screen).toContain("$ARBOR_HOME/models.json (pi's format)");
			// Sending without a model keeps the message and says why, as before.
			await submitLine(fx.tmux, "hello");
			await fx.tmux.waitForScreen((s) => s.includes("no model"), "the status line");
		} finally {
			for (const [key, value] of saved) if (value !== undefined) process.env[key] = value;
		}
	}, 60_000);
});
