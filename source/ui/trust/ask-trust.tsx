import { render } from "ink";
import React from "react";
import { declineThisRun, projectTrust, trustProject } from "../../config/trust.js";
import { colourDisabled } from "../../text/terminal-colour.js";
import { KeymapProvider } from "../input/use-keymap.js";
import { KeyInputProvider } from "../input/use-keys.js";
import type { Keymap } from "../input/keymap.js";
import { colourlessStdout } from "../terminal/colourless-stdout.js";
import { TrustDialog, type TrustAnswer } from "./trust-dialog.js";

/** The terminal the chat runs on (tests give a virtual one). */
type TrustIo = { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream };

/** Shows the dialog until it is answered; its frame is cleared before the chat starts. */
function ask(props: { content: Parameters<typeof TrustDialog>[0]["content"]; changed: boolean; keymap: Keymap; io: TrustIo }): Promise<TrustAnswer> {
	const stdout = props.io.stdout ?? process.stdout;
	return new Promise((resolve) => {
		const answered = (answer: TrustAnswer) => {
			instance.clear();
			instance.unmount();
			resolve(answer);
		};
		const instance = render(
			<KeyInputProvider>
				<KeymapProvider keymap={props.keymap}>
					<TrustDialog content={props.content} changed={props.changed} rows={stdout.rows || 24} onAnswer={answered} />
				</KeymapProvider>
			</KeyInputProvider>,
			{
				exitOnCtrlC: false,
				stdout: colourDisabled(process.env) ? colourlessStdout(stdout) : stdout,
				...(props.io.stdin ? { stdin: props.io.stdin } : {}),
				...(props.io.stderr ? { stderr: props.io.stderr } : {}),
				patchConsole: false,
			},
		);
	});
}

/**
 * The chat's first start in a project whose `.arbor/` is untrusted or changed: the trust dialog.
 * "Trust" stores the project's trust (its content as shown); "not now" runs without the project's
 * `.arbor/`, which the start-up status line then says. Nothing to ask: returns at once.
 */
export async function askProjectTrust(where: { cwd: string; home: string }, keymap: Keymap, io: TrustIo): Promise<void> {
	const trust = projectTrust(where);
	if (trust.state !== "untrusted" || trust.declined) return;
	const answer = await ask({ content: trust.content, changed: trust.changed, keymap, io });
	if (answer === "trust") trustProject(where);
	else declineThisRun(where.cwd);
}
