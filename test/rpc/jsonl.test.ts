import { describe, expect, it } from "vitest";
import { jsonLine, lineSplitter } from "../../source/rpc/jsonl.js";

function split(chunks: (string | Buffer)[]): string[] {
	const lines: string[] = [];
	const feed = lineSplitter((line) => lines.push(line));
	for (const chunk of chunks) feed(chunk);
	feed();
	return lines;
}

describe("strict JSON-lines framing", () => {
	it("splits on LF only: U+2028 and U+2029 stay inside the record", () => {
		const record = jsonLine({ message: "a\u2028b\u2029c" });
		expect(record).toContain("\u2028");
		expect(split([record + record])).toEqual([record.slice(0, -1), record.slice(0, -1)]);
		expect(JSON.parse(split([record])[0] ?? "")).toEqual({ message: "a\u2028b\u2029c" });
	});

	it("drops a trailing CR, joins records split across chunks (a multi-byte character too), and delivers a last line without LF", () => {
		const bytes = Buffer.from('{"a":"é€"}\r\n{"b":1}', "utf8");
		const chunks = [bytes.subarray(0, 8), bytes.subarray(8, 9), bytes.subarray(9)];
		expect(split(chunks)).toEqual(['{"a":"é€"}', '{"b":1}']);
	});

	it("a line over maxChars is dropped up to its LF and reported once; the lines around it are delivered", () => {
		const lines: string[] = [];
		const reports: number[] = [];
		const feed = lineSplitter((line) => lines.push(line), { maxChars: 10, onTooLong: (max) => reports.push(max) });
		for (const chunk of ["ok\n0123", "45678", "9abcdef", "ghij", "\nnext\r\n", "0123456789", "\nlast"]) feed(chunk);
		feed();
		expect(lines).toEqual(["ok", "next", "0123456789", "last"]);
		expect(reports).toEqual([10]);
	});
});

