import { mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectTrust, trustProject } from "../../source/config/trust.js";
import { write } from "../helpers/write-file.js";

function place(): { cwd: string; home: string; root: string } {
	const root = mkdtempSync(join(tmpdir(), "arbor-trust-unit-"));
	return { root, cwd: join(root, "project"), home: join(root, "home") };
}

describe("project trust: what counts and what is remembered (docs/trust.md)", () => {
	it("a .arbor/ holding only what an extension wrote there needs no trust; files that act do", () => {
		const { cwd, home } = place();
		write(join(cwd, ".arbor", "tree-moves.jsonl"), "{}\n");
		expect(projectTrust({ cwd, home }).state).toBe("none");
		write(join(cwd, ".arbor", "prompts", "fix.md"), "Fix it\n");
		expect(projectTrust({ cwd, home })).toMatchObject({ state: "untrusted", changed: false });
		trustProject({ cwd, home });
		writeFileSync(join(cwd, ".arbor", "tree-moves.jsonl"), "{}\n{}\n");
		expect(projectTrust({ cwd, home }).state).toBe("trusted");
		expect(statSync(join(home, "trust.json")).mode & 0o777).toBe(0o600);
	});

	it("an extension module the project's settings name outside .arbor/ is part of the hash: changing it asks again", () => {
		const { root, cwd, home } = place();
		const module = write(join(root, "elsewhere", "ext.mjs"), "export default () => {};\n");
		write(join(cwd, ".arbor", "settings.json"), JSON.stringify({ extensions: [module] }));
		trustProject({ cwd, home });
		expect(projectTrust({ cwd, home }).state).toBe("trusted");
		writeFileSync(module, "export default () => { /* changed */ };\n");
		expect(projectTrust({ cwd, home })).toMatchObject({ state: "untrusted", changed: true });
	});

	it("what the trust listing shows of the settings is what the settings reader reads: a value it refuses is the listed problem", () => {
		const { cwd, home } = place();
		write(join(cwd, ".arbor", "settings.json"), JSON.stringify({ tools: "bash", shellCommandPrefix: "source env.sh" }));
		const trust = projectTrust({ cwd, home });
		expect(trust.state === "untrusted" && trust.content.highlights.problem).toBe('"tools" must be a list of strings, not "bash"');
		write(join(cwd, ".arbor", "settings.json"), '{"baseUrl": "http://127.0.0.1:9/v1", "constructor": 1}');
		const fine = projectTrust({ cwd, home });
		expect(fine.state === "untrusted" && fine.content.highlights).toMatchObject({ baseUrl: "http://127.0.0.1:9/v1", extensions: [] });
		expect(fine.state === "untrusted" && fine.content.highlights.problem).toBeUndefined();
	});

	it("the project is its real path: opened through a symbolic link it is the same, trusted project", () => {
		const { root, cwd, home } = place();
		write(join(cwd, ".arbor", "SYSTEM.md"), "Be brief\n");
		trustProject({ cwd, home });
		symlinkSync(cwd, join(root, "link"));
		expect(projectTrust({ cwd: join(root, "link"), home }).state).toBe("trusted");
	});

	it("a damaged trust.json is an error naming it, never silently nothing trusted", () => {
		const { cwd, home } = place();
		write(join(cwd, ".arbor", "SYSTEM.md"), "Be brief\n");
		write(join(home, "trust.json"), "{ nope");
		expect(() => projectTrust({ cwd, home })).toThrow(`${join(home, "trust.json")}: invalid JSON`);
	});
});
