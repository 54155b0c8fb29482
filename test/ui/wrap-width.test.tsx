import { Box, Static } from "ink";
import { render } from "ink-testing-library";
import React, { act } from "react";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { EditorLines } from "../../source/ui/editor/editor-lines.js";
import { LiveArea } from "../../source/ui/chat/live-area.js";
import { MessageView } from "../../source/ui/chat/message-view.js";
import { replay } from "../../source/ui/chat/replay.js";
import type { TranscriptItem } from "../../source/ui/chat/transcript.js";
import { failOnActWarnings } from "./act-warnings.js";
import { fixtureEntries, pathTo, TREE_FIXTURE } from "./fixture-path.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

// Strips colours so the exact-frame assertions read as the terminal shows them.
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "");

/** Every frame Ink wrote (static output included), as lines. */
function linesOf(node: React.ReactElement): string[] {
	let app!: ReturnType<typeof render>;
	act(() => {
		app = render(node);
	});
	const lines = app.frames.join("\n").split("\n").map(plain);
	act(() => app.unmount());
	return lines;
}

const widest = (lines: string[]) => Math.max(...lines.map((l) => stringWidth(l)));
const words = (n: number) => Array.from({ length: n }, (_, i) => ["build", "model", "context", "refactor", "fork", "bash", "naïve", "日本"][i % 8]).join(" ");

const LONG: TranscriptItem[] = [
	{ kind: "user", key: "u", text: words(60) },
	{ kind: "assistant", key: "a", thinking: "", stopReason: "stop", text: `${words(50)}\n- ${words(40)}\n  - ${words(30)}\n> ${words(30)}\n\`\`\`\n${"x".repeat(150)}\n\`\`\`` },
	{ kind: "tool", key: "t", toolCallId: "c", toolName: "bash", args: { command: words(40) }, result: { output: `${"y".repeat(200)}\nshort`, isError: false }, settled: true },
	{ kind: "summary", key: "s", label: "branch summary", text: words(50) },
	{ kind: "custom", key: "c", customType: "note", text: words(50) },
	{ kind: "bash", key: "b", command: words(40), output: words(40), exitCode: 0 },
	{ kind: "notice", key: "n", text: words(40) },
];

describe("no line wider than the terminal", () => {
	for (const width of [24, 57, 100]) {
		it(`message views at ${width} columns, inside <Static> like the app`, () => {
			const lines = linesOf(
				<Box flexDirection="column">
					<Static items={LONG}>{(item) => <MessageView key={item.key} item={item} width={width} />}</Static>
				</Box>,
			);
			expect(lines.length).toBeGreaterThan(LONG.length * 2);
			expect(widest(lines)).toBeLessThanOrEqual(width);
		});
	}

	it("the fixture's whole active path at 100 columns (the ink-testing-library terminal)", () => {
		const items = replay(pathTo(fixtureEntries(TREE_FIXTURE), "428890f6"));
		const lines = linesOf(<Static items={items}>{(item) => <MessageView key={item.key} item={item} width={100} />}</Static>);
		expect(widest(lines)).toBeLessThanOrEqual(100);
	});

	it("a long user line wraps under its text, not under the prompt", () => {
		const lines = linesOf(<MessageView item={{ kind: "user", key: "u", text: "alpha beta gamma delta epsilon zeta" }} width={20} />);
		expect(lines).toEqual(["", "› alpha beta gamma", "  delta epsilon zeta"]);
	});

	it("a user message keeps its blank lines, shows a tab as two spaces and breaks a line without spaces by column (CJK: two each)", () => {
		const lines = linesOf(<MessageView item={{ kind: "user", key: "u", text: "one\n\n\ttwo\n日本語の文章です日本語" }} width={12} />);
		expect(lines).toEqual(["", "› one", "", "    two", "  日本語の文", "  章です日本", "  語"]);
		const long = linesOf(<MessageView item={{ kind: "user", key: "u", text: "日本語".repeat(4000) }} width={80} />);
		expect(long).toHaveLength(1 + Math.ceil(12_000 / 39));
		expect(widest(long)).toBeLessThanOrEqual(80);
	});

	it("bullets hang under their text", () => {
		const item: TranscriptItem = { kind: "assistant", key: "a", thinking: "", stopReason: "stop", text: "- one two three four five" };
		expect(linesOf(<MessageView item={item} width={14} />)).toEqual(["", "• one two", "  three four", "  five"]);
	});

	it("the live area and the editor", () => {
		const live = linesOf(
			<LiveArea
				live={{ text: words(80), thinkingChars: 0 }}
				running={[{ toolCallId: "1", toolName: "bash", args: { command: words(30) }, startedAt: 0 }]}
				busy={{ kind: "reply", startedAt: 0 }} maxLines={50} cols={41} clock={() => 0}
			/>,
		);
		expect(live.length).toBeGreaterThan(5);
		expect(widest(live)).toBeLessThanOrEqual(41);
		const editor = linesOf(<EditorLines text={words(40)} cursor={3} active width={33} />);
		expect(editor.length).toBeGreaterThan(3);
		expect(widest(editor)).toBeLessThanOrEqual(33);
		expect(editor[0]!.startsWith("› ")).toBe(true);
		expect(editor.slice(1).every((l) => l.startsWith("  "))).toBe(true);
	});
});
