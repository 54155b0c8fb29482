import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { confinementFor, isInside } from "../../source/tools/confine.js";
import { createToolSet, type ConfirmFn } from "../../source/tools/tool-set.js";
import { toolPolicy } from "../../source/tools/policy.js";

const callOpts: ToolExecutionOptions = { toolCallId: "call-1", messages: [] };
const exec = (set: ToolSet, name: string, args: unknown) => Promise.resolve(set[name]!.execute!(args as never, callOpts));

function layout() {
	const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-confine-")));
	const cwd = path.join(root, "project");
	fs.mkdirSync(path.join(root, "outside"), { recursive: true });
	fs.mkdirSync(cwd);
	fs.writeFileSync(path.join(root, "outside", "secret.txt"), "outside text\n");
	fs.symlinkSync(path.join(root, "outside"), path.join(cwd, "out"));
	return { root, cwd };
}

describe("confinement", () => {
	it("judges real paths: links and files not yet created under a linked folder count where they point", async () => {
		const { root, cwd } = layout();
		const c = await confinementFor(cwd);
		expect(await isInside(c, path.join(cwd, "new", "deep.txt"))).toBe(true);
		expect(await isInside(c, path.join(cwd, "out", "secret.txt"))).toBe(false);
		expect(await isInside(c, path.join(cwd, "out", "not-yet", "file.txt"))).toBe(false);
		expect(await isInside(c, `${cwd}-sibling/x`)).toBe(false);
		expect(await isInside(await confinementFor(cwd, ["../outside"]), path.join(root, "outside", "x"))).toBe(true);
	});

	it("interactive mode asks (once, with the write question) before a file tool leaves the working directory", async () => {
		const { cwd } = layout();
		const asked: string[] = [];
		const answers: ("yes" | "no" | "always")[] = ["no", "yes", "yes"];
		const confirm: ConfirmFn = async (req) => {
			asked.push(req.description);
			return answers.shift() ?? "no";
		};
		const policy = toolPolicy({ mode: "interactive" });
		const set = createToolSet({ cwd, enabled: policy.enabled, confirm, needsConfirmation: policy.needsConfirmation });
		await expect(exec(set, "read", { path: "../outside/secret.txt" })).rejects.toThrow("the user declined to run this tool");
		expect(await exec(set, "read", { path: "out/secret.txt" })).toMatchObject({ output: "     1\toutside text" });
		await exec(set, "write", { path: "../outside/new.txt", content: "x" });
		// Inside: read is not asked about.
		await expect(exec(set, "read", { path: "missing-inside.txt" })).rejects.toThrow("no such file");
		expect(asked).toEqual([
			"read ../outside/secret.txt (outside the working directory)",
			"read out/secret.txt (outside the working directory)",
			"write ../outside/new.txt (outside the working directory)",
		]);
	});

	it("with --yes nothing is asked, as for write", async () => {
		const { cwd } = layout();
		let asks = 0;
		const policy = toolPolicy({ mode: "interactive", yes: true });
		const set = createToolSet({ cwd, enabled: policy.enabled, confirm: async () => (asks++, "no"), needsConfirmation: policy.needsConfirmation });
		expect(await exec(set, "read", { path: "../outside/secret.txt" })).toMatchObject({ output: "     1\toutside text" });
		expect(asks).toBe(0);
	});
});
