import { render } from "ink-testing-library";
import React, { act } from "react";
import { describe, expect, it } from "vitest";
import { failOnActWarnings } from "./act-warnings.js";
import { LiveArea, tailLines } from "../../source/ui/chat/live-area.js";
import { MessageView } from "../../source/ui/chat/message-view.js";
import { PickList } from "../../source/ui/pickers/pick-list.js";
import { SlashMenu } from "../../source/ui/editor/slash-menu.js";
import { StatusLine, statusText } from "../../source/ui/chat/status-line.js";
import { expandedLines, type TranscriptItem } from "../../source/ui/chat/transcript.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

function frameOf(node: React.ReactElement): string {
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(node);
	});
	const frame = app.lastFrame() ?? "";
	act(() => app.unmount());
	return frame;
}

const item = (i: TranscriptItem) => frameOf(<MessageView item={i} width={100} />);

describe("MessageView", () => {
	it("user message", () => expect(item({ kind: "user", key: "u", text: "hello there" })).toBe("\n› hello there"));
	it("assistant markdown: heading, list, inline code, code fence", () => {
		const text = "# Title\n- one `x`\n2. two\n```ts\nconst a = 1;\n```\nend **bold**";
		expect(item({ kind: "assistant", key: "a", text, thinking: "", stopReason: "stop" })).toBe(
			"\nTitle\n• one x\n2. two\n    const a = 1;\nend bold",
		);
	});
	it("thinking shown dim, its first lines and a count of the rest; aborted marked", () => {
		expect(item({ kind: "assistant", key: "a", text: "partial", thinking: "Let me see.", stopReason: "aborted" })).toBe("\nLet me see.\npartial\n(aborted)");
		const long = "one\ntwo\x1b[31m\nthree\nfour\nfive";
		expect(item({ kind: "assistant", key: "a", text: "done", thinking: long, stopReason: "stop" })).toBe("\none\ntwo\nthree\n… 2 more lines of thinking (Ctrl+O to expand)\ndone");
		expect(frameOf(<MessageView item={{ kind: "assistant", key: "a", text: "done", thinking: long, stopReason: "stop" }} width={100} expanded />)).toBe("\none\ntwo\nthree\nfour\nfive\ndone");
	});
	it("stored error reply shows its message", () => {
		expect(item({ kind: "assistant", key: "a", text: "", thinking: "", stopReason: "error", errorMessage: "HTTP 500" })).toBe("\n(error: HTTP 500)");
	});
	it("tool call with the first result lines", () => {
		const result = { output: "l1\nl2\nl3\nl4\nl5", isError: false };
		expect(item({ kind: "tool", key: "t", toolCallId: "c", toolName: "bash", args: { command: "ls -l" }, result, settled: true })).toBe(
			"● bash: ls -l\n  ⎿ l1\n    l2\n    l3\n    … 2 more lines (Ctrl+O to expand)",
		);
	});
	it("expanded (Ctrl+O): the call's arguments, multi-line ones indented, and every result line", () => {
		const result = { output: "Edited a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-x\n+y", isError: false };
		const tool: TranscriptItem = { kind: "tool", key: "t", toolCallId: "c", toolName: "edit", args: { path: "a.ts", oldText: "x\nz", newText: "y" }, result, settled: true };
		expect(frameOf(<MessageView item={tool} width={100} expanded />)).toBe(
			"● edit a.ts\n    path: a.ts\n    oldText:\n      x\n      z\n    newText: y\n  ⎿ Edited a.ts\n    --- a/a.ts\n    +++ b/a.ts\n    @@ -1 +1 @@\n    -x\n    +y",
		);
	});
	it("tool call without result", () => {
		expect(item({ kind: "tool", key: "t", toolCallId: "c", toolName: "read", args: { path: "a.ts" }, settled: true })).toBe("● read a.ts\n  ⎿ (no result)");
	});
	it("summaries are collapsed to their first sentence, past the headings", () => {
		expect(item({ kind: "summary", key: "s", label: "branch summary", text: "## Goal\n- **Fix** the parser. Then test it." })).toBe("\n[branch summary] Fix the parser.…\n                 … 1 more line (Ctrl+O to expand)");
		expect(frameOf(<MessageView item={{ kind: "summary", key: "s", label: "branch summary", text: "## Goal\n- **one**" }} width={100} expanded />)).toBe("\n[branch summary]\n  Goal\n  • one");
		expect(item({ kind: "summary", key: "s", label: "compaction", text: "one line" })).toBe("\n[compaction] one line");
	});
});

describe("escape sequences in transcript items and the status line", () => {
	const E = "\u001b";
	const bad = `x${E}]0;PWNED\u0007${E}[2J${E}[31my`;
	it("are removed from every kind of item", () => {
		const frames = [
			item({ kind: "user", key: "u", text: bad }),
			item({ kind: "assistant", key: "a", text: bad, thinking: "", stopReason: "error", errorMessage: bad }),
			item({ kind: "tool", key: "t", toolCallId: "c", toolName: "bash", args: { command: bad }, result: { output: `${bad}\tz`, isError: false }, settled: true }),
			item({ kind: "summary", key: "s", label: "compaction", text: bad }),
			item({ kind: "bash", key: "b", command: bad, output: bad, exitCode: 0 } as TranscriptItem),
			item({ kind: "notice", key: "n", text: bad }),
			frameOf(<MessageView item={{ kind: "tool", key: "t", toolCallId: "c", toolName: "edit", args: { path: "a", oldText: bad, newText: `${bad}\n${bad}` }, result: { output: `${bad}\n${bad}`, isError: false }, settled: true }} width={100} expanded />),
			frameOf(<MessageView item={{ kind: "summary", key: "s", label: "compaction", text: `${bad}\n${bad}` }} width={100} expanded />),
			frameOf(<MessageView item={{ kind: "assistant", key: "a", text: "", thinking: `${bad}\n${bad}`, stopReason: "stop" }} width={100} expanded />),
			frameOf(<StatusLine model="m" sessionName={bad} contextTokens={0} leafId={null} warnings={0} status={{ kind: "error", text: bad }} />),
		];
		for (const frame of frames) {
			expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
			expect(frame).toContain("xy");
		}
		expect(frames[2]).toContain("xy    z");
	});
	it("are removed from picker rows", () => {
		const frame = frameOf(<PickList rows={["plain", bad]} selected={1} size={5} />);
		expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
		expect(frame).toContain("› xy");
	});
});

describe("LiveArea", () => {
	const clock = () => 5000;
	it("shows nothing when idle", () => expect(frameOf(<LiveArea live={null} running={[]} busy={null} maxLines={5} cols={80} clock={clock} />)).toBe(""));
	it("shows the tail of the streaming text and running tools with elapsed seconds", () => {
		const frame = frameOf(
			<LiveArea
				live={{ text: "a\nb\nc\nd", thinkingChars: 0 }}
				running={[{ toolCallId: "1", toolName: "bash", args: { command: "npm test" }, startedAt: 2000 }]}
				busy={{ kind: "reply", startedAt: 0 }} maxLines={2} cols={80} clock={clock}
			/>,
		);
		expect(frame.replace(/^[^\n]*\n/, "").replace(/^\S+ /gm, "")).toBe("c\nd\nbash: npm test (3s)");
	});
	it("waiting spinner says how to abort", () => {
		const frame = frameOf(<LiveArea live={{ text: "", thinkingChars: 0 }} running={[]} busy={{ kind: "reply", startedAt: 4000 }} maxLines={5} cols={80} clock={clock} />);
		expect(frame.split("\n")[1]!.replace(/^\S+ /, "")).toBe("Working… (1s · Esc to abort)");
	});
	it("tailLines counts wrapped rows", () => expect(tailLines("short\n" + "x".repeat(25), 2, 10)).toBe("x".repeat(20)));
});

describe("StatusLine", () => {
	it("model, name, tokens/window, leaf, warnings", () => {
		expect(statusText({ model: "openai:gpt-4.1", sessionName: "demo", contextTokens: 12_345, contextWindow: 128_000, leafId: "1a2b3c4d5e", warnings: 2 })).toBe(
			"openai:gpt-4.1 · demo · 12k/128k tokens (10%) · leaf 1a2b3c4d · 2 damaged lines, see /session",
		);
	});
	it("the thinking level of a reasoning model, ? for an unknown window, the session's cost last", () => {
		expect(statusText({ model: "local:r1", thinking: "high", contextTokens: 23_100, contextWindow: 128_000, leafId: "1a2b3c4d5e", warnings: 0, cost: 0.0421 })).toBe(
			"local:r1 · thinking high · 23k/128k tokens (18%) · leaf 1a2b3c4d · $0.042",
		);
		expect(statusText({ model: "compat:m", contextTokens: 1_234, leafId: null, warnings: 0, cost: 0.004 })).toBe("compat:m · 1.2k/? tokens · empty · $0.0040");
		expect(statusText({ contextTokens: 1_234, leafId: null, warnings: 0, cost: 12.5 })).toBe("no model · 1.2k tokens · empty · $12.50");
	});
	it("no model shows the hint and the transient status above", () => {
		const frame = frameOf(
			<StatusLine hint="no model — set ARBOR_MODEL or use --model provider:model" contextTokens={0} leafId={null} warnings={0} status={{ text: "Unknown command /x", kind: "error" }} />,
		);
		expect(frame).toBe("Unknown command /x\nno model — set ARBOR_MODEL or use --model provider:model · 0 tokens · empty");
	});
	it("the slash menu shows an extension's command without the control characters in its description", () => {
		const frame = frameOf(<SlashMenu items={[{ name: "note", description: "clear\u001b[2J\u0007 the screen" }]} selected={0} width={80} rows={10} />);
		expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
		expect(frame).toContain("/note");
	});
	it("wraps a long status to the terminal's width without starting a row with a space", () => {
		const text = 'compat:audit is not known to take images (declare "input": ["text", "image"] for it in models.json)';
		const frame = frameOf(<StatusLine model="compat:audit" contextTokens={0} leafId={null} warnings={0} status={{ text, kind: "error" }} cols={80} />);
		expect(frame.split("\n").slice(0, 2)).toEqual(['compat:audit is not known to take images (declare "input": ["text", "image"] for', "it in models.json)"]);
	});
});

describe("expanded tool output limits", () => {
	it("shows up to 5,000 lines and cuts a line of more than 10,000 characters, saying what is left out", () => {
		const lines = expandedLines([`${"x".repeat(10_005)}`, ...Array.from({ length: 5001 }, (_, i) => `l${i}`)]);
		expect(lines[0]).toBe(`${"x".repeat(10_000)}… (5 more characters)`);
		expect(lines).toHaveLength(5001);
		expect(lines.at(-1)).toBe("… 2 more lines (in the session file; /export shows them)");
	});
});
