import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliProject } from "../helpers/cli-project.js";
import { textReply } from "../helpers/sse-server.js";

const fx = useCliProject();

describe("pi's registerFlag: the command line takes an extension's flag", () => {
	it("--loud and --tone=value reach getFlag (defaults otherwise); the prompt stays the prompt", async () => {
		const server = await fx.serve([textReply("ok"), textReply("ok")]);
		const { cwd } = fx;
		const ext = join(cwd, "flags.ts");
		writeFileSync(ext, `export default function (pi: any) {
	pi.registerFlag("loud", { type: "boolean", default: false });
	pi.registerFlag("tone", { type: "string", default: "calm" });
	pi.on("session_start", (_e: any, ctx: any) => ctx.ui.notify("loud=" + pi.getFlag("loud") + " tone=" + pi.getFlag("tone") + " level=" + pi.getThinkingLevel()));
}\n`);
		const given = await fx.print(["--extension", ext, "--loud", "--tone=sharp", "hello"]);
		expect(given.stderr).toBe("arbor: loud=true tone=sharp level=off\n");
		expect(given.code).toBe(0);
		expect(server.requests[0]!.body.messages.at(-1).content).toBe("hello");
		const defaults = await fx.print(["--extension", ext, "hello"]);
		expect(defaults.stderr).toBe("arbor: loud=false tone=calm level=off\n");
	});

	it("an option no extension registered is exit 2, as any unknown option", async () => {
		const run = await fx.cli(["-p", "--model", "compat:m", "--base-url", "http://127.0.0.1:9/v1", "--loud", "hello"]);
		expect(run.code).toBe(2);
		expect(run.stderr).toBe("arbor: unknown option '--loud'\n");
	});
});
