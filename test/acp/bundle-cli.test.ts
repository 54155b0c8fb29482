import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";

const dist = dirname(builtCli());
const chunk = (prefix: string) => {
	const name = readdirSync(join(dist, "chunks")).find((n) => n.startsWith(prefix) && n.endsWith(".js"));
	if (!name) throw new Error(`no ${prefix}* chunk in dist/chunks`);
	return join(dist, "chunks", name);
};

/** A module and everything it imports statically (`import … from"./x.js"`), within dist/. */
function staticClosure(entry: string): Set<string> {
	const seen = new Set<string>();
	const visit = (file: string) => {
		if (seen.has(file)) return;
		seen.add(file);
		const text = readFileSync(file, "utf8");
		for (const m of text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)) if (m[1]!.startsWith("./")) visit(join(file, "..", m[1]!));
	};
	visit(entry);
	return seen;
}

/** Text only the ACP SDK's bundle has (its method table). */
const SDK_MARK = "session/request_permission";
const hasSdk = (file: string) => readFileSync(file, "utf8").includes(SDK_MARK);

describe("the ACP SDK loads only for arbor acp", () => {
	it("neither cli.js nor the interactive mode's modules import it statically; the acp chunk does", () => {
		for (const entry of [join(dist, "cli.js"), chunk("interactive-")]) {
			const closure = staticClosure(entry);
			expect(closure.size).toBeGreaterThan(1);
			for (const file of closure) expect(hasSdk(file), file).toBe(false);
		}
		expect([...staticClosure(chunk("acp-agent-"))].some(hasSdk)).toBe(true);
	});
});
