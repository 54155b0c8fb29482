import { Box, Text } from "ink";
import React from "react";
import { terminalLine } from "../../text/terminal-text.js";
import { cutToWidth } from "../../text/text-width.js";

/** The `@` file list under the editor: the best matches, the chosen one marked; a line while the first walk runs. */
export function AtMenu(props: { files: readonly string[]; selected: number; loading: boolean; query: string; width: number }) {
	const { files, selected, loading, width } = props;
	const cols = Math.max(4, width);
	return (
		<Box flexDirection="column">
			{files.map((file, i) => (
				<Text key={file} inverse={i === selected} dimColor={i !== selected}>
					{cutToWidth(`  ${i === selected ? "▸" : " "} ${terminalLine(file)}`, cols)}
				</Text>
			))}
			{files.length === 0 && !loading && <Text dimColor>{cutToWidth(`    no file matches @${terminalLine(props.query)}`, cols)}</Text>}
			{loading && <Text dimColor>{cutToWidth("    listing the project's files…", cols)}</Text>}
		</Box>
	);
}
