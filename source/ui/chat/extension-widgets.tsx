import { Box, Text } from "ink";
import React from "react";
import { terminalLine } from "../../text/terminal-text.js";

/** Lines shown of one widget; more are cut with a count. */
const WIDGET_MAX_LINES = 10;

/** The rows the widgets take (the editor gives them up). */
export function widgetRows(widgets: readonly (readonly string[])[]): number {
	return widgets.reduce((sum, lines) => sum + Math.min(lines.length, WIDGET_MAX_LINES), 0);
}

/** The extensions' widgets (ctx.ui.setWidget) above the editor: an extension's text, sanitized, one row a line. */
export function ExtensionWidgets({ widgets }: { widgets: readonly (readonly string[])[] }) {
	return (
		<Box flexDirection="column" marginTop={1}>
			{widgets.flatMap((lines, w) => {
				const shown = lines.length > WIDGET_MAX_LINES ? [...lines.slice(0, WIDGET_MAX_LINES - 1), `… ${lines.length - WIDGET_MAX_LINES + 1} more lines`] : lines;
				return shown.map((line, i) => (
					<Text key={`${w}-${i}`} wrap="truncate-end">
						{terminalLine(line)}
					</Text>
				));
			})}
		</Box>
	);
}
