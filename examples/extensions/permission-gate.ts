/**
 * Asks before a dangerous shell command runs: `rm -rf`, `sudo`, a forced `git push`, `chmod 777`,
 * `mkfs`, `dd of=`, a pipe into a shell. In the chat (and for an RPC client) it is a yes/no
 * dialog; where nobody can answer (`-p`, ACP) the command is refused, and the model is told why.
 * arbor's own question for bash still follows when the answer is yes.
 */
import type { ExtensionAPI } from "arbor/extensions";

const DANGEROUS: [RegExp, string][] = [
	[/\brm\s+(-[a-zA-Z]*[rf][a-zA-Z]*\s+)+/, "deletes files recursively or by force"],
	[/\bsudo\b/, "runs as root"],
	[/\bgit\s+push\b.*(--force\b|\s-f\b)/, "rewrites a remote branch"],
	[/\bchmod\s+(-R\s+)?777\b/, "opens the files to everyone"],
	[/\bmkfs(\.\w+)?\b|\bdd\b.*\bof=/, "writes a disk"],
	[/\|\s*(ba|z)?sh\b/, "runs what a download says"],
];

export default function (arbor: ExtensionAPI) {
	arbor.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return;
		const command = String((event.input as { command?: unknown }).command ?? "");
		const danger = DANGEROUS.find(([pattern]) => pattern.test(command));
		if (!danger) return;
		if (!ctx.hasUI) return { block: true, reason: `this command ${danger[1]}; refused where nobody can be asked` };
		const ok = await ctx.ui.confirm(`This command ${danger[1]}. Run it?`, command);
		return ok ? undefined : { block: true, reason: "the user refused it" };
	});
}
