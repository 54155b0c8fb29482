import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "./helpers.js";

afterEach(cleanUp);

/** The key models.json names as LOCAL_KEY (see helpers.ts), and one given with --api-key. */
const LOCAL_KEY = "zq-rpc-local-variable-secret-5521";
const FLAG_KEY = "zq-rpc-api-key-flag-secret-9034";

const sessionText = (home: string): string => {
	const root = join(home, "sessions");
	return readdirSync(root)
		.flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith(".jsonl")).map((f) => readFileSync(join(root, d, f), "utf8")))
		.join("");
};

describe("arbor --mode rpc keeps configured keys secret", () => {
	it("bash runs without the key's variable, its output and the session are redacted", async () => {
		const rpc = await startRpc([textReply("ok")], ["--api-key", FLAG_KEY], { env: { LOCAL_KEY } });
		const answer = await rpc.send({ type: "bash", command: `env; echo "flag=${FLAG_KEY}"` });
		expect(answer.success).toBe(true);
		const output = answer.data.output as string;
		expect(output).toContain("ARBOR_HOME=");
		expect(output).not.toContain("LOCAL_KEY=");
		expect(output).toContain("flag=[redacted]");
		await rpc.client.prompt("hello");
		await rpc.client.waitForIdle();
		const stored = sessionText(rpc.home);
		expect(stored).toContain("flag=[redacted]");
		for (const text of [output, stored]) for (const key of [LOCAL_KEY, FLAG_KEY]) expect(text).not.toContain(key);
	});

	it("Object.prototype names are unknown commands, answered without the session's data", async () => {
		const rpc = await startRpc([], ["--api-key", FLAG_KEY], { env: { LOCAL_KEY } });
		for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf"]) {
			const answer = await rpc.send({ type });
			expect(answer, type).toEqual({ id: expect.any(String), type: "response", command: type, success: false, error: `unknown command: ${type}` });
		}
		expect(rpc.stderr()).not.toContain(FLAG_KEY);
	});
});
