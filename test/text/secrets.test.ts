import { describe, expect, it } from "vitest";
import { childEnvironment, knownSecrets, redactJson, redactText, redactValue, registerKeyVariable, registerSecret } from "../../source/text/secrets.js";

describe("the secrets registry", () => {
	it("a key resolved anywhere (a command's output) is stripped from child environments under any name, and redacted", () => {
		registerSecret("from-a-command-0001\n");
		const env = { DEPLOY_TOKEN: "from-a-command-0001", PATH: "/bin", SHORT: "abc" };
		expect(childEnvironment(env)).toEqual({ PATH: "/bin", SHORT: "abc" });
		expect(redactText("token=from-a-command-0001;", knownSecrets(env))).toBe("token=[redacted];");
	});

	it("a variable models.json names holds a key: stripped, its value redacted; short values are not secrets", () => {
		registerKeyVariable("MY_ODD_NAME");
		const env = { MY_ODD_NAME: "odd-name-value-0002", OTHER: "x", OPENAI_API_KEY: "short" };
		expect(childEnvironment(env)).toEqual({ OTHER: "x" });
		expect(knownSecrets(env)).toContain("odd-name-value-0002");
		expect(knownSecrets(env)).not.toContain("short");
	});

	it("JSON text is redacted where escaping changed the key's characters; values without a key are not copied", () => {
		registerSecret('quote"back\\slash-0003');
		const json = JSON.stringify({ text: 'x quote"back\\slash-0003 y' });
		expect(redactJson(json)).toBe('{"text":"x [redacted] y"}');
		const clean = { a: ["b", { c: "d" }] };
		expect(redactValue(clean)).toBe(clean);
		expect(redactValue({ a: ["quote\"back\\slash-0003"] })).toEqual({ a: ["[redacted]"] });
	});
});
