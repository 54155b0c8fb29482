import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { model } from "../helpers/print-run.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { tempProject } from "../checkpoints/helpers.js";

let at: ReturnType<typeof tempProject>;
let server: SseServer | undefined;
let home: string;
let outside: string;
let plainTmp: string;
beforeEach(() => {
	at = tempProject();
	// Under /tmp, not the test run's TMPDIR (which may be under /dev/shm, a folder the sandbox's fresh /dev hides anyway).
	plainTmp = fs.mkdtempSync("/tmp/arbor-sandbox-test-");
	// A temp HOME with a fake key: the sandbox must hide ~/.ssh.
	home = path.join(plainTmp, "user-home");
	fs.mkdirSync(path.join(home, ".ssh"), { recursive: true });
	fs.writeFileSync(path.join(home, ".ssh", "id_test"), "PRIVATE KEY\n");
	outside = path.join(plainTmp, "outside");
	fs.mkdirSync(outside);
});
afterEach(async () => {
	await server?.close();
	server = undefined;
	at.done();
	fs.rmSync(plainTmp, { recursive: true, force: true });
});

/** Runs one bash command through print mode's tool (with or without --sandbox); returns the tool's output as the model got it. */
async function bashThroughArbor(command: string, sandbox: boolean | string[]): Promise<string> {
	server = await startSseServer([toolCallReply([{ id: "c1", name: "bash", args: { command } }]), textReply("ok")]);
	const run = await runCli(["-p", ...model(server.url), "--tools", "bash", ...(sandbox === true ? ["--sandbox"] : sandbox === false ? [] : sandbox), "go"], { cwd: at.cwd, env: { ARBOR_HOME: at.home, HOME: home } });
	expect([run.code, run.stderr]).toEqual([0, ""]);
	const tool = server.requests[1]?.body.messages.find((m: { role: string }) => m.role === "tool");
	await server.close();
	server = undefined;
	return String(tool?.content ?? "");
}

/** A TCP server on 127.0.0.1 that counts connections. */
async function listener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
	let count = 0;
	const tcp = net.createServer((socket) => {
		count += 1;
		socket.end("hello\n");
	});
	await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
	const port = (tcp.address() as net.AddressInfo).port;
	return { port, connections: () => count, close: () => new Promise((resolve) => tcp.close(() => resolve())) };
}

describe("--sandbox: bash in bubblewrap (the built CLI, print mode's bash tool)", () => {
	it("writing outside the project fails inside the sandbox and works without it; the project stays writable", async () => {
		const target = path.join(outside, "escaped.txt");
		const inside = await bashThroughArbor(`echo x > ${target}; echo in > mine.txt; echo done`, true);
		expect(inside).toMatch(/Read-only file system/);
		expect(fs.existsSync(target)).toBe(false);
		expect(fs.readFileSync(path.join(at.cwd, "mine.txt"), "utf8")).toBe("in\n");
		await bashThroughArbor(`echo x > ${target}`, false);
		expect(fs.readFileSync(target, "utf8")).toBe("x\n");
	});

	it("~/.ssh/id_* is not readable inside; it is without", async () => {
		const inside = await bashThroughArbor("cat ~/.ssh/id_test; ls ~/.ssh/id_test", true);
		expect(inside).not.toContain("PRIVATE KEY");
		expect(inside).toMatch(/No such file or directory/);
		expect(inside).toContain("ls: cannot access");
		expect(await bashThroughArbor("cat ~/.ssh/id_test", false)).toContain("PRIVATE KEY");
	});

	it("a connection to a 127.0.0.1 server fails inside; it works without, and with --allow-net", async () => {
		const tcp = await listener();
		try {
			const connect = `exec 3<>/dev/tcp/127.0.0.1/${tcp.port} && head -1 <&3`;
			const inside = await bashThroughArbor(connect, true);
			expect(inside).not.toContain("hello");
			expect(tcp.connections()).toBe(0);
			expect(await bashThroughArbor(connect, false)).toContain("hello");
			expect(tcp.connections()).toBe(1);
			expect(await bashThroughArbor(connect, ["--sandbox", "--allow-net"])).toContain("hello");
			expect(tcp.connections()).toBe(2);
		} finally {
			await tcp.close();
		}
	});

	it("no bubblewrap: --sandbox refuses to start (exit 2) and says why", async () => {
		server = await startSseServer([textReply("never")]);
		const run = await runCli(["-p", ...model(server.url), "--tools", "bash", "--sandbox", "go"], { cwd: at.cwd, env: { ARBOR_HOME: at.home, ARBOR_BWRAP: "/nonexistent/bwrap" } });
		expect(run.code).toBe(2);
		expect(run.stderr).toContain("bubblewrap (bwrap) is not installed");
		expect(server.requests).toHaveLength(0);
	});
});

describe("--sandbox covers the user's own commands too (RPC's bash, as the chat's !command)", () => {
	it("RPC's bash cannot write outside the project under --sandbox; it can without", async () => {
		const { startRpc, cleanUp } = await import("../rpc/helpers.js");
		try {
			const target = path.join(outside, "user-bash.txt");
			const boxed = await startRpc([], ["--sandbox"]);
			const inside = await boxed.send({ type: "bash", command: `echo x > ${target}` });
			expect(inside.success).toBe(true);
			expect(JSON.stringify(inside.data)).toMatch(/Read-only file system/);
			expect(fs.existsSync(target)).toBe(false);
			const open = await startRpc([]);
			await open.send({ type: "bash", command: `echo x > ${target}` });
			expect(fs.readFileSync(target, "utf8")).toBe("x\n");
		} finally {
			await cleanUp();
		}
	});
});
