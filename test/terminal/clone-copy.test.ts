import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { copyTreeFixture, fileEntries, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";
import { waitFor } from "../helpers/wait-for.js";

const fx = useArborRun<ArborTerminal>();

const LEAF = "428890f6";

describe("/clone and /copy in the virtual terminal", () => {
	it("/clone copies root → leaf into a new session file and switches to it with an empty editor", async () => {
		({ dir: fx.dir } = tempPlace("clone"));
		const file = copyTreeFixture(fx.dir);
		const before = readFileSync(file);
		const source = SessionStore.open(file);
		// Label entries are re-created at the end of a copy (as pi's fork does): compare the rest.
		const path = source.snapshot().getPath(LEAF).filter((e) => e.type !== "label").map((e) => e.id);
		source.close();
		const home = join(fx.dir, "home");
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home });
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${LEAF}`), "status line");
		await submitLine(fx.tmux, "/clone");
		const screen = await fx.tmux.waitForScreen((s) => s.includes("Cloned this branch into"), "cloned");
		expect(screen).toMatch(/^›$/m);
		expect(screen).toContain(`leaf ${LEAF}`);
		const sessions = join(home, "sessions");
		const files = readdirSync(sessions, { recursive: true }).map(String).filter((f) => f.endsWith(".jsonl"));
		expect(files).toHaveLength(1);
		const clone = fileEntries(join(sessions, files[0]!));
		expect(clone[0]).toMatchObject({ type: "session", parentSession: file });
		expect(clone.slice(1).filter((e) => e.type !== "label").map((e) => e.id)).toEqual(path);
		expect(clone.at(-1)!.type).toBe("label");
		expect(readFileSync(file).equals(before)).toBe(true);
		await quit(fx.tmux);
	}, 60_000);

	it("/copy writes the last reply as OSC 52 to the terminal and says what it copied", async () => {
		({ dir: fx.dir } = tempPlace("copy"));
		const file = copyTreeFixture(fx.dir);
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes(`leaf ${LEAF}`), "status line");
		const before = fx.tmux.terminal.written.length;
		await submitLine(fx.tmux, "/copy");
		await fx.tmux.waitForScreen((s) => /Copied the last reply to the clipboard \(\d+ characters, \d+ lines?\)/.test(s), "copied");
		const reply = fileEntries(file).find((e) => e.id === LEAF)!.message.content.filter((p: any) => p.type === "text").map((p: any) => p.text).join("");
		const expected = `\u001B]52;c;${Buffer.from(reply).toString("base64")}\u0007`;
		const t = fx.tmux;
		await waitFor(() => t.terminal.written.slice(before).includes(expected), { what: "OSC 52 sequence", timeoutMs: 10_000 });
		await quit(fx.tmux);
	}, 60_000);
});
