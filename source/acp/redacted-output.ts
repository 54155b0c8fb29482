/** ACP's stdout with no provider key in it: every JSON-RPC message redacted before it is written (text/secrets.ts). */
import { Writable } from "node:stream";
import { redactJson } from "../text/secrets.js";

/** A writable for ndJsonStream (it writes one whole message per chunk) in front of `out`. */
export function redactedOutput(out: NodeJS.WritableStream): WritableStream<Uint8Array> {
	const writable = new Writable({
		write(chunk: Buffer, _encoding, done) {
			out.write(redactJson(chunk.toString("utf8")), (error) => done(error ?? undefined));
		},
		final(done) {
			out.end(() => done());
		},
	});
	return Writable.toWeb(writable) as WritableStream<Uint8Array>;
}
