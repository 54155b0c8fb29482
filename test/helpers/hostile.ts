import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const E = "\u001b";
/** A window title (BEL-terminated), a screen clear, an OSC 52 clipboard write, a colour, a DCS. */
export const HOSTILE =
	`t${E}]0;PWNED\u0007 clear${E}[2J osc52${E}]52;c;UFdORUQ=\u0007 red${E}[31mRED${E}[0m dcs${E}P1$rPWNED${E}\\ bell\u0007 end`;
/** What {@link HOSTILE} looks like sanitized: sequences gone, the lone BEL shown as ␇. */
export const HOSTILE_SHOWN = "t clear osc52 redRED dcs bell␇ end";
/** Any control character or escape sequence byte a terminal would act on. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/** A session file at `file`: one user message and its reply, optionally a label on the user message and a name. */
export function writeChatSession(file: string, parts: { user: string; reply: string; label?: string; name?: string }): string {
	const ts = "2026-11-22T09:21:16.742Z";
	const lines: object[] = [
		{ type: "session", version: 3, id: "0hostile-51c4-76e9-bd4f-d126b6a9e07e", timestamp: ts, cwd: "/tmp" },
		{ type: "message", id: "a1", parentId: null, timestamp: ts, message: { role: "user", content: [{ type: "text", text: parts.user }], timestamp: 1 } },
		{
			type: "message", id: "a2", parentId: "a1", timestamp: ts,
			message: { role: "assistant", content: [{ type: "text", text: parts.reply }], api: "x", provider: "ollama", model: "m", usage, stopReason: "stop", timestamp: 2 },
		},
	];
	if (parts.label) lines.push({ type: "label", id: "a3", parentId: "a2", timestamp: ts, targetId: "a1", label: parts.label });
	if (parts.name) lines.push({ type: "session_info", id: "a4", parentId: lines.at(-1) === lines[2] ? "a2" : "a3", timestamp: ts, name: parts.name });
	writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
	return file;
}

/**
 * A session file whose user message, assistant reply, label and session name all carry
 * {@link HOSTILE}, written under `home/sessions/--hostile--/` (so `arbor sessions --all` lists it).
 */
export function writeHostileSession(home: string): string {
	const dir = join(home, "sessions", "--hostile--");
	mkdirSync(dir, { recursive: true });
	return writeChatSession(join(dir, "hostile.jsonl"), {
		user: `user ${HOSTILE}`, reply: `reply ${HOSTILE}`, label: `lab ${HOSTILE}`, name: `name ${HOSTILE}`,
	});
}
