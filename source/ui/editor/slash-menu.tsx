import { Box, Text } from "ink";
import React from "react";
import { must } from "../../text/must.js";
import type { MenuCommand } from "../commands.js";

/** The completion list under the editor while a `/command` is typed. */
export function SlashMenu({ items, selected }: { items: readonly MenuCommand[]; selected: number }) {
	if (items.length === 0) return null;
	const heads = items.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ""}`);
	const width = Math.max(...heads.map((h) => h.length));
	return (
		<Box flexDirection="column">
			{items.map((c, i) => {
				const head = must(heads[i], "menu head").padEnd(width);
				return (
					<Text key={c.name} inverse={i === selected} dimColor={i !== selected}>
						{`${i === selected ? "›" : " "} ${head} ${c.description}`}
					</Text>
				);
			})}
		</Box>
	);
}
