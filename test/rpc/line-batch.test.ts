import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lineBatch } from "../../source/rpc/line-batch.js";

/** A stream that keeps each write as it came. */
function sink(): { out: Writable; writes: string[] } {
	const writes: string[] = [];
	const out = new Writable({
		write(chunk: Buffer, _encoding, done) {
			writes.push(chunk.toString());
			done();
		},
	});
	return { out, writes };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("RPC's protocol lines in batches (issue 35 item 19)", () => {
	it("the lines of one turn of the event loop go out in one write, in order, after it", async () => {
		const { out, writes } = sink();
		const batch = lineBatch(out);
		batch.write("a\n");
		await Promise.resolve();
		batch.write("b\n");
		expect(writes).toEqual([]);
		await tick();
		expect(writes).toEqual(["a\nb\n"]);
		batch.write("c\n");
		await tick();
		expect(writes).toEqual(["a\nb\n", "c\n"]);
		batch.close();
	});

	it("close() writes what waits at once and stops listening for the process's exit", () => {
		const listeners = process.listenerCount("exit");
		const { out, writes } = sink();
		const batch = lineBatch(out);
		expect(process.listenerCount("exit")).toBe(listeners + 1);
		batch.write("last\n");
		batch.close();
		expect(writes).toEqual(["last\n"]);
		expect(process.listenerCount("exit")).toBe(listeners);
	});

	it("the process's exit writes what waits (a fatal error elsewhere loses no line already sent)", () => {
		const { out, writes } = sink();
		const batch = lineBatch(out);
		batch.write("told\n");
		process.emit("exit", 0);
		expect(writes).toEqual(["told\n"]);
		batch.close();
		expect(writes).toEqual(["told\n"]);
	});
});
