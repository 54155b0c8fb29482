/** `@` completion in the prompt: the `@path` being typed at the cursor, and the text once one is chosen. Pure. */

/** The `@…` word that ends at the cursor: where its `@` is and what follows it; null when there is none. */
export function atToken(text: string, cursor: number): { start: number; query: string } | null {
	const match = /(?:^|\s)@([^\s@]*)$/.exec(text.slice(0, cursor));
	if (!match) return null;
	const query = match[1] ?? "";
	return { start: cursor - query.length - 1, query };
}

/** `@path ` (spaces as `\\ `) in place of the word at the cursor (up to its end, past the cursor too); the cursor after the space. */
export function completeAt(text: string, cursor: number, token: { start: number }, path: string): { text: string; cursor: number } {
	let end = cursor;
	while (end < text.length && !/\s/.test(text[end] ?? "")) end++;
	const inserted = `@${path.replace(/ /g, "\\ ")} `;
	const after = text.slice(end).replace(/^ /, "");
	return { text: text.slice(0, token.start) + inserted + after, cursor: token.start + inserted.length };
}
