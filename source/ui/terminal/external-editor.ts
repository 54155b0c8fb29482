import { spawnSync } from "node:child_process";
import { childEnvironment } from "../../text/secrets.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { activeTerminalModes } from "./modes.js";

/** The hint when neither $VISUAL nor $EDITOR is set; `key`: the keymap's prompt.externalEditor key. */
const noEditorHint = (key = "Ctrl+G"): string => `${key}: set $VISUAL or $EDITOR to edit the draft in an editor`;
export const NO_EDITOR = noEditorHint();

type ExternalEditResult = { ok: true; text: string } | { ok: false; message: string };

type RawStdin = { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

/**
 * Opens `text` in $VISUAL (else $EDITOR) and returns the saved file. The terminal is handed over
 * for the whole run: raw mode and arbor's terminal modes are off, and the call blocks, so Ink
 * neither reads keys nor draws until the editor exits. One trailing newline (editors add it) is
 * dropped.
 */
export function editExternally(opts: { text: string; env: NodeJS.ProcessEnv; stdin: RawStdin; key?: string }): ExternalEditResult {
	const editor = opts.env.VISUAL?.trim() || opts.env.EDITOR?.trim();
	if (!editor) return { ok: false, message: noEditorHint(opts.key) };
	const dir = mkdtempSync(join(tmpdir(), "arbor-draft-"));
	const file = join(dir, "draft.md");
	const raw = opts.stdin.isTTY === true && typeof opts.stdin.setRawMode === "function";
	const modes = activeTerminalModes();
	try {
		writeFileSync(file, opts.text, { mode: 0o600 });
		if (raw) opts.stdin.setRawMode?.(false);
		modes?.suspend();
		// Through the shell, as git does: $EDITOR may hold arguments ("code --wait").
		const run = spawnSync(`${editor} "$ARBOR_DRAFT"`, { shell: true, stdio: "inherit", env: { ...childEnvironment(opts.env), ARBOR_DRAFT: file } });
		if (run.error) return { ok: false, message: `${editor}: ${run.error.message}` };
		if (run.status !== 0) return { ok: false, message: `${editor} exited with ${run.status ?? run.signal}; draft unchanged` };
		return { ok: true, text: readFileSync(file, "utf8").replace(/\r?\n$/, "") };
	} finally {
		modes?.resume();
		if (raw) opts.stdin.setRawMode?.(true);
		rmSync(dir, { recursive: true, force: true });
	}
}
