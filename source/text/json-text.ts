/**
 * JSON text without recursion: the same bytes as `JSON.stringify(value, null, indent)` for plain
 * data (objects, arrays, strings, numbers, booleans, null), at any nesting depth. JSON.stringify
 * overflows the stack on a tree a few thousand levels deep; this uses an explicit stack instead.
 */

type Frame = { close: string; items: [key: string | undefined, value: unknown][]; next: number; depth: number };

/** True for values JSON.stringify leaves out of an object (and writes as null in an array). */
const isSkipped = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

function open(value: unknown, depth: number): Frame | string {
	if (Array.isArray(value)) {
		if (value.length === 0) return "[]";
		return { close: "]", items: value.map((v) => [undefined, isSkipped(v) ? null : v]), next: 0, depth };
	}
	if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON !== "function") {
		const items = Object.entries(value).filter(([, v]) => !isSkipped(v));
		if (items.length === 0) return "{}";
		return { close: "}", items, next: 0, depth };
	}
	return JSON.stringify(value) ?? "null";
}

/**
 * `JSON.stringify(value, null, indent)` for plain data of any depth (`indent` 0 = one line).
 * Returns the text in pieces, to be joined or written one after another.
 */
export function jsonPieces(value: unknown, indent = 0): string[] {
	const out: string[] = [];
	const pad = (depth: number) => (indent > 0 ? `\n${" ".repeat(indent * depth)}` : "");
	const colon = indent > 0 ? ": " : ":";
	const first = open(value, 0);
	if (typeof first === "string") return [first];
	out.push(first.close === "]" ? "[" : "{");
	const stack: Frame[] = [first];
	for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
		if (frame.next === frame.items.length) {
			out.push(pad(frame.depth), frame.close);
			stack.pop();
			continue;
		}
		// A hole of a sparse array is written as null, as JSON.stringify does.
		const [key, item] = frame.items[frame.next] ?? [undefined, null];
		out.push(frame.next > 0 ? "," : "", pad(frame.depth + 1), key === undefined ? "" : JSON.stringify(key) + colon);
		frame.next++;
		const opened = open(item, frame.depth + 1);
		if (typeof opened === "string") out.push(opened);
		else {
			out.push(opened.close === "]" ? "[" : "{");
			stack.push(opened);
		}
	}
	return out;
}
