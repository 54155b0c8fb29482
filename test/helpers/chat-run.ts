import { join } from "node:path";
import { tempPlace } from "./arbor-tmux.js";
import { startArbor, type ArborTerminal } from "./arbor-terminal.js";
import { startSseServer, type Script, type SseServer } from "./sse-server.js";
import { write } from "./write-file.js";
import { trustProject } from "../../source/config/trust.js";

/**
 * The chat in the in-process terminal (80×24, or `rows` rows) in a new project holding `files` (paths relative to
 * it; a project given `.arbor/` files is trusted with them), against a local server with `replies`, at its first status line. `fx` (useArborRun) cleans
 * up after the test.
 */
export async function startChat(
	fx: { tmux?: ArborTerminal; server?: SseServer; dir?: string },
	opts: { prefix: string; files?: Record<string, string>; replies?: Script[]; rows?: number },
): Promise<{ t: ArborTerminal; dir: string; home: string; server: SseServer }> {
	const { dir, home } = tempPlace(opts.prefix);
	fx.dir = dir;
	for (const [rel, text] of Object.entries(opts.files ?? {})) write(join(dir, rel), text);
	// A project given a .arbor/ is one its user trusted (as `arbor trust` does), so it acts: docs/trust.md.
	if (Object.keys(opts.files ?? {}).some((rel) => rel.startsWith(".arbor/"))) trustProject({ cwd: dir, home });
	const server = await startSseServer(opts.replies ?? []);
	fx.server = server;
	const t = startArbor({ args: ["--model", "compat:test-model", "--base-url", server.url], cwd: dir, home, cols: 80, rows: opts.rows ?? 24 });
	fx.tmux = t;
	await t.waitForScreen((s) => s.includes("tokens · empty"), "status line");
	return { t, dir, home, server };
}
