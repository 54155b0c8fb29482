import { Box, Text } from "ink";
import React from "react";
import { terminalText } from "../../text/terminal-text.js";
import { fillWrap } from "../../text/word-wrap.js";
import type { Status } from "./app-reducer.js";
import { counted } from "../../text/count.js";

type StatusInfo = {
	/** The model spec, or undefined when none is configured (then `hint` explains how). */
	model?: string;
	hint?: string;
	sessionName?: string;
	contextTokens: number;
	contextWindow?: number;
	/** The thinking level on the path, for models that think (undefined: not shown). */
	thinking?: string;
	/** The extensions' lasting parts (ctx.ui.setStatus), after the model. */
	extensions?: readonly string[];
	/** Dollars the session's replies cost (all branches), from the models' prices. */
	cost?: number;
	leafId: string | null;
	/** Damaged lines the store skipped or could not link while reading the file. */
	warnings: number;
	status: Status | null;
	/** The terminal's width: the transient status is wrapped to it by fillWrap (no row starts with the space it broke at). */
	cols?: number;
};

const kTokens = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n));

/**
 * `23.1k/128k tokens (18%)` where the model's window is known, `23.1k/? tokens` where a model's is
 * not (declare it in models.json; /session says so), `23.1k tokens` without a model.
 */
function contextUse(info: Pick<StatusInfo, "model" | "contextTokens" | "contextWindow">): string {
	const used = kTokens(info.contextTokens);
	if (info.contextWindow) return `${used}/${kTokens(info.contextWindow)} tokens (${Math.round((info.contextTokens / info.contextWindow) * 100)}%)`;
	return info.model ? `${used}/? tokens` : `${used} tokens`;
}

/** `$0.0042`, `$0.042`, `$4.20`: enough digits to see a small session's cost move. */
export function dollars(amount: number): string {
	return `$${amount.toFixed(amount < 0.01 ? 4 : amount < 1 ? 3 : 2)}`;
}

/** `model · thinking high · plan mode · name · 1.2k/128k tokens (1%) · leaf 1a2b3c4d · 2 damaged lines, see /session · $0.012`. */
export function statusText(info: Omit<StatusInfo, "status">): string {
	const parts = [info.model ?? info.hint ?? "no model"];
	if (info.thinking) parts.push(`thinking ${info.thinking}`);
	for (const part of info.extensions ?? []) parts.push(part.replace(/\s+/g, " "));
	if (info.sessionName) parts.push(info.sessionName.replace(/\s+/g, " "));
	parts.push(contextUse(info));
	parts.push(info.leafId ? `leaf ${info.leafId.slice(0, 8)}` : "empty");
	if (info.warnings > 0) parts.push(`${counted(info.warnings, "damaged line")}, see /session`);
	// Last: on a narrow terminal the line is cut from the end, and the leaf matters more.
	if (info.cost) parts.push(dollars(info.cost));
	return terminalText(parts.join(" · "));
}

/** `text` wrapped to `cols` as the terminal fills rows (see fillWrap); as it is when the width is not known. */
function wrapped(text: string, cols: number | undefined): string {
	return cols === undefined ? text : fillWrap(text, cols).join("\n");
}

/** The transient status (info or error) above a dim line of session facts. */
export function StatusLine(props: StatusInfo) {
	return (
		<Box flexDirection="column">
			{props.status && <Text color={props.status.kind === "error" ? "red" : "yellow"}>{wrapped(terminalText(props.status.text), props.cols)}</Text>}
			<Text dimColor wrap="truncate-end">{statusText(props)}</Text>
		</Box>
	);
}
