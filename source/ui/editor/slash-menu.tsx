import { Box, Text } from "ink";
import React from "react";
import { must } from "../../text/must.js";
import { terminalLine } from "../../text/terminal-text.js";
import { cutToWidth } from "../../text/text-width.js";
import type { MenuCommand } from "../commands.js";
import { centredWindow } from "../widgets/list-window.js";

/**
 * Rows the slash menu takes for `count` commands within `rows`: every command when they fit,
 * else a window of them and a `(k/n)` line under it.
 */
export function slashMenuRows(count: number, rows: number): number {
	return count <= rows ? count : Math.max(2, rows);
}

/**
 * The completion list under the editor while a `/command` is typed: one row a command (a long
 * description is cut at the terminal's width), and when they outnumber `rows` a window around the
 * selected one with its place, `(k/n)`, below.
 */
export function SlashMenu({ items, selected, width, rows }: { items: readonly MenuCommand[]; selected: number; width: number; rows: number }) {
	if (items.length === 0) return null;
	const heads = items.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ""}`);
	const headWidth = Math.max(...heads.map((h) => h.length));
	const shown = slashMenuRows(items.length, rows);
	const windowed = shown < items.length;
	const { start, end } = centredWindow(items.length, selected, windowed ? shown - 1 : shown);
	const cols = Math.max(4, width);
	return (
		<Box flexDirection="column">
			{items.slice(start, end).map((c, k) => {
				const i = start + k;
				const head = must(heads[i], "menu head").padEnd(headWidth);
				return (
					<Text key={c.name} inverse={i === selected} dimColor={i !== selected}>
						{cutToWidth(terminalLine(`${i === selected ? "›" : " "} ${head} ${c.description}`), cols)}
					</Text>
				);
			})}
			{windowed && <Text dimColor>{`  (${selected + 1}/${items.length})`}</Text>}
		</Box>
	);
}
