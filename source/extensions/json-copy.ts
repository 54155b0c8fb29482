/** A value an extension hands over, as it would be written or sent: a plain JSON copy (no zod here: tools.ts loads with the host). */
import { reasonOf } from "./load.js";

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The value as it would be written: a plain JSON copy, or why it cannot be one. */
export function jsonCopy(value: unknown): Checked<unknown> {
	let text: string | undefined;
	try {
		text = JSON.stringify(value);
	} catch (error) {
		return { ok: false, reason: `not JSON (${reasonOf(error)})` };
	}
	if (text === undefined) return { ok: false, reason: `not JSON (a ${typeof value})` };
	return { ok: true, value: JSON.parse(text) as unknown };
}
