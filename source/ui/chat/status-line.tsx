import { Box, Text } from "ink";
import React from "react";
import { terminalText } from "../../text/terminal-text.js";
import type { Status } from "./app-reducer.js";
import { counted } from "../../text/count.js";

export type StatusInfo = {
	/** The model spec, or undefined when none is configured (then `hint` explains how). */
	model?: string;
	hint?: string;
	sessionName?: string;
	contextTokens: number;
	contextWindow?: number;
	leafId: string | null;
	/** Damaged lines the store skipped or could not link while reading the file. */
	warnings: number;
	status: Status | null;
};

const kTokens = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n));

/** `model · name · 1.2k/128k tokens · leaf 1a2b3c4d · 2 damaged lines, see /session`. */
export function statusText(info: Omit<StatusInfo, "status">): string {
	const parts = [info.model ?? info.hint ?? "no model"];
	if (info.sessionName) parts.push(info.sessionName.replace(/\s+/g, " "));
	parts.push(`${kTokens(info.contextTokens)}${info.contextWindow ? `/${kTokens(info.contextWindow)}` : ""} tokens`);
	parts.push(info.leafId ? `leaf ${info.leafId.slice(0, 8)}` : "empty");
	if (info.warnings > 0) parts.push(`${counted(info.warnings, "damaged line")}, see /session`);
	return terminalText(parts.join(" · "));
}

/** The transient status (info or error) above a dim line of session facts. */
export function StatusLine(props: StatusInfo) {
	return (
		<Box flexDirection="column">
			{props.status && <Text color={props.status.kind === "error" ? "red" : "yellow"}>{terminalText(props.status.text)}</Text>}
			<Text dimColor wrap="truncate-end">{statusText(props)}</Text>
		</Box>
	);
}
