import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli } from "../helpers/cli.js";
import { startSseServer, textReply, toolCallReply, type SseServer } from "../helpers/sse-server.js";
import { shellQuote, startTmux, type TmuxSession } from "../helpers/tmux.js";

/** The built CLI in true tmux: queued messages across a tool call at 80×24; @ completion and an image at 120×40. */
let tmux: TmuxSession | undefined;
let server: SseServer | undefined;
afterEach(async () => {
	tmux?.kill();
	tmux = undefined;
	await server?.close();
	server = undefined;
});

function start(args: string[], cwd: string, home: string, size: { cols: number; rows: number }): TmuxSession {
	const command = ["env", "-u", "ARBOR_MODEL", "-u", "ARBOR_BASE_URL", "node", builtCli(), ...args].map(shellQuote).join(" ");
	return startTmux({ command, cwd, ...size, env: { ARBOR_HOME: home, NO_COLOR: "1" } });
}

const lastUser = (body: any) => body.messages.filter((m: any) => m.role === "user").at(-1);

describe("the composer in tmux", () => {
	it("80×24: a message queued and one steered while a tool runs are delivered after it, in order", async () => {
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-queue-"));
		server = await startSseServer([
			toolCallReply([{ id: "c1", name: "bash", args: { command: "while [ ! -e go ]; do sleep 0.02; done; echo opened" } }]),
			textReply("after the steer"),
			textReply("after the follow-up"),
		]);
		tmux = start(["--model", "compat:test", "--base-url", server.url, "--yes"], cwd, join(cwd, "home"), { cols: 80, rows: 24 });
		await tmux.waitForScreen((s) => s.includes("compat:test"), "status line");
		tmux.type("start the tool");
		await tmux.waitForScreen((s) => s.includes("› start the tool"), "typed");
		tmux.send("Enter");
		await tmux.waitForScreen((s) => s.includes("while [ ! -e go ]"), "tool running");
		tmux.type("later please");
		tmux.send("Enter");
		tmux.type("steer this");
		tmux.send("M-Enter");
		await tmux.waitForScreen((s) => s.includes("queued: later please") && s.includes("steering: steer this"), "queued");
		writeFileSync(join(cwd, "go"), "");
		await tmux.waitForScreen((s) => s.includes("after the follow-up") && !s.includes("queued:"), "delivered");
		expect(server.requests.map((r) => lastUser(r.body).content)).toEqual(["start the tool", "steer this", "later please"]);
		expect(server.requests[1]!.body.messages.at(-2).role).toBe("tool");
	}, 60_000);

	it("120×40: @ lists files, Tab completes an image, and the request carries it", async () => {
		const cwd = mkdtempSync(join(tmpdir(), "arbor-e2e-at-"));
		const home = join(cwd, "home");
		mkdirSync(join(cwd, "pics"));
		copyFileSync(join(import.meta.dirname, "../fixtures/images/python.jpg"), join(cwd, "pics", "snake.jpg"));
		writeFileSync(join(cwd, ".gitignore"), "home/\n");
		server = await startSseServer([textReply("a snake in a jpeg")]);
		mkdirSync(home);
		writeFileSync(join(home, "models.json"), JSON.stringify({ providers: { local: { baseUrl: server.url, apiKey: "k", models: [{ id: "eyes", input: ["text", "image"] }] } } }));
		tmux = start(["--model", "local:eyes"], cwd, home, { cols: 120, rows: 40 });
		await tmux.waitForScreen((s) => s.includes("local:eyes"), "status line");
		tmux.type("what is @snk");
		await tmux.waitForScreen((s) => s.includes("▸ pics/snake.jpg"), "listed");
		tmux.send("Tab");
		await tmux.waitForScreen((s) => s.includes("› what is @pics/snake.jpg") && !s.includes("▸"), "completed");
		tmux.send("Enter");
		const done = await tmux.waitForScreen((s) => s.includes("a snake in a jpeg"), "reply");
		expect(done).toContain("[image: snake.jpg 16×16, 543 B]");
		const jpg = readFileSync(join(cwd, "pics", "snake.jpg")).toString("base64");
		expect(lastUser(server.requests[0]!.body).content).toEqual([
			{ type: "text", text: "what is @pics/snake.jpg " },
			{ type: "image_url", image_url: { url: `data:image/jpeg;base64,${jpg}` } },
		]);
	}, 60_000);
});
