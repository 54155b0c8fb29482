/**
 * `arbor --mode json "prompt"`: pi's JSON event stream (pi 1.6 docs/json.md) — one print run whose
 * stdout is the session header, then the session's events as pi writes them (the same mapping as
 * RPC, pi-events.ts, with pi 1.6's delta-only message_update), ending with agent_settled. Built on
 * the agent core as RPC is: it opens an AgentSession, subscribes the writer and prompts once.
 *
 * The prompt is the arguments (pi's `@file` arguments as in `-p`); stdin is not read. There is no
 * user to ask: write/edit/bash run only with `--yes` (or as `--tools` allows), as in `-p`. Exit code:
 * 0 when the run answered, 1 when it ended in an error, 128+n after a signal (the run is aborted).
 */
import { AgentSession } from "../agent/agent-session.js";
import { place } from "../config/options.js";
import { usageError } from "../config/errors.js";
import { onEndingSignal, signalExitCode, type EndingSignal } from "../config/signals.js";
import { promptFromArguments } from "../tools/attachments.js";
import { errorMessage } from "../text/error-text.js";
import { jsonLine } from "./jsonl.js";
import { PiEventWriter } from "./pi-events.js";
import type { RpcOptions } from "./rpc-mode.js";

/** Writes the session header, then every event of `agent` as pi's JSON stream does; returns the unsubscribe. */
function subscribeJsonEvents(agent: AgentSession, write: (line: string) => void): () => void {
	write(jsonLine(agent.view.header));
	const events = new PiEventWriter((event) => write(jsonLine(event)), () => agent.model, "json");
	return agent.subscribe((event) => events.write(event));
}

export async function runJsonMode(words: string[], opts: RpcOptions): Promise<number> {
	const where = place(opts);
	const files = await promptFromArguments(words, where.cwd);
	if (!files.ok) throw usageError(files.message);
	if (files.text.trim() === "" && files.images.length === 0) throw usageError("no prompt: --mode json takes the prompt as arguments");
	const warn = (line: string) => process.stderr.write(`arbor: warning: ${line}\n`);
	const agent = await AgentSession.open({ ...opts, ...where, warn });
	const stop = subscribeJsonEvents(agent, (line) => process.stdout.write(line));
	let ended: EndingSignal | undefined;
	const stopSignals = onEndingSignal((signal) => {
		ended = signal;
		void agent.abort();
	});
	try {
		const result = await agent.prompt(files.text, { images: files.images });
		if (ended) return signalExitCode(ended);
		if (!result?.ok) process.stderr.write(`arbor: ${result?.error ?? "the run failed"}\n`);
		return result?.ok ? 0 : 1;
	} catch (error) {
		process.stderr.write(`arbor: ${errorMessage(error)}\n`);
		return 1;
	} finally {
		stopSignals();
		stop();
		await agent.close();
	}
}
