/**
 * What print mode shows of the session core's events (agent/events.ts): the turn's events go to
 * the printer of the output format; compactions, extension warnings and notices to stderr, as one
 * `arbor: …` line each (stdout stays the answer's).
 */
import { nothingOlder } from "../agent/agent-session.js";
import type { AgentEvent, AgentListener } from "../agent/agent-session.js";
import type { CompactNowResult } from "../agent/agent-session.js";
import { counted } from "../text/count.js";
import { terminalText } from "../text/terminal-text.js";
import type { Printer } from "./output.js";

const say = (line: string) => process.stderr.write(`arbor: ${line}\n`);
const firstLine = (text: string) => terminalText(text.split("\n")[0] ?? "");

/** The listener print mode subscribes before the session starts. */
export function printListener(printer: Printer): AgentListener {
	return (event: AgentEvent) => {
		switch (event.type) {
			case "compaction_end":
				return compacted(event.reason, event.result);
			case "extension_error":
				return say(`warning: ${firstLine(event.error)}`);
			case "notify":
				return say(firstLine(event.message));
			case "compaction_nothing":
				return say(nothingOlder(event).toLowerCase());
			case "agent_start":
			case "agent_end":
			case "agent_settled":
			case "entry_appended":
			case "turn_start":
			case "turn_end":
			case "queue_update":
			case "compaction_start":
			case "tree_moved":
			case "session_changed":
			case "session_info_changed":
			case "thinking_level_changed":
			case "task_start":
			case "task_tool":
			case "task_end":
				return;
			default:
				printer.event(event);
		}
	};
}

/** A compaction before the turn, or on an overflow the provider reported (then the request is sent again). */
function compacted(reason: string, result: CompactNowResult): void {
	if (reason === "threshold") {
		if (result.status === "compacted") say(`compacted the context (${counted(result.entry.tokensBefore, "token")} before)`);
		if (result.status === "failed") say(`warning: automatic compaction failed: ${terminalText(result.message)}`);
	}
	// A failed one is part of the turn's error (docs/core.md), printed once at the end.
	if (reason === "overflow" && result.status === "compacted") say(`the context was longer than the model's window: compacted (${counted(result.entry.tokensBefore, "token")} before), sending again`);
}
