import { lineCost } from "./usage.js";

const COST_KEY = Buffer.from('"cost":{');
const USAGE_KEY = Buffer.from('"usage":{');
const ASSISTANT_HEAD = Buffer.from('"message":{"role":"assistant"');
/** How far into a line an assistant message's head is looked for, and how long its tail may be. */
const HEAD_BYTES = 512;
/**
 * What follows the cost object in a reply as arbor and pi write it: the usage's `}`, the message's
 * last fields with its `stopReason` among them (no object, array or escape), the message's `}` and the
 * entry's. A `stopReason` marks the object as the message: another object of the entry would hold none.
 */
const TAIL = /^\}(?:,"[A-Za-z]+":(?:"[^"\\{}[\]]*"|[-+.\w]+))*?,"stopReason":"[a-zA-Z]+"(?:,"[A-Za-z]+":(?:"[^"\\{}[\]]*"|[-+.\w]+))*\}\}$/;

/**
 * {@link lineCost} of `buf[start, end)`, read from the bytes without parsing the line where it has
 * the shape arbor and pi write: `"message":{"role":"assistant"` near its start and `"usage":{…,
 * "cost":{…}}` followed by the message's plain last fields ({@link TAIL}). Parsing every reply whole
 * was 80 % of `arbor sessions --json` (issue 41). Any other line is parsed as before.
 */
export function bufferLineCost(buf: Buffer, start: number, end: number): number {
	const fast = tailCost(buf, start, end);
	return fast ?? lineCost(buf.toString("utf8", start, end));
}

function tailCost(buf: Buffer, start: number, end: number): number | undefined {
	if (buf.subarray(start, Math.min(end, start + HEAD_BYTES)).indexOf(ASSISTANT_HEAD) === -1) return undefined;
	const line = buf.subarray(0, end);
	const cost = line.lastIndexOf(COST_KEY);
	const usage = cost > start ? line.lastIndexOf(USAGE_KEY, cost) : -1;
	if (usage < start || !numbersOnly(buf, usage + USAGE_KEY.length, cost)) return undefined;
	const close = line.indexOf(0x7d, cost + COST_KEY.length); // the cost object holds numbers only
	if (close === -1 || end - close > HEAD_BYTES || !numbersOnly(buf, cost + COST_KEY.length, close)) return undefined;
	if (!TAIL.test(buf.toString("latin1", close + 1, end))) return undefined;
	try {
		const total = (JSON.parse(buf.toString("latin1", cost + COST_KEY.length - 1, close + 1)) as { total?: unknown }).total;
		return typeof total === "number" && Number.isFinite(total) ? total : 0;
	} catch {
		return undefined;
	}
}

/** True when `buf[from, to)` is plain `"key":number` fields: no object, array, escape or string value. */
function numbersOnly(buf: Buffer, from: number, to: number): boolean {
	return /^(?:"[A-Za-z]+":[-+.\w]+,?)*$/.test(buf.toString("latin1", from, to));
}
