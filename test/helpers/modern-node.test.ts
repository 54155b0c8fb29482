import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { modernNode, runsPi16 } from "./modern-node.js";

describe("modernNode", () => {
	it("tells which Node versions load pi 1.6", () => {
		expect([runsPi16("20.20.2"), runsPi16("22.18.0"), runsPi16("22.19.0"), runsPi16("24.1.0")]).toEqual([false, false, true, true]);
	});

	it("finds or installs a Node that loads pi 1.6's RpcClient", async () => {
		const node = await modernNode();
		const out = execFileSync(node, ["--input-type=module", "-e", 'const m = await import("@earendil-works/pi-coding-agent"); console.log(process.versions.node, typeof m.RpcClient)'], {
			cwd: process.cwd(),
			encoding: "utf8",
		});
		const [version, kind] = out.trim().split(" ");
		expect(runsPi16(version)).toBe(true);
		expect(kind).toBe("function");
	}, 240_000);
});
