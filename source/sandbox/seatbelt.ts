/**
 * macOS's sandbox-exec profile with the rules of sandbox.ts: reads anywhere but the secrets, writes
 * only to the writable folders and the temp folder, no network unless allowed. Untested here (no
 * macOS in arbor's CI); docs/fanout.md says so.
 */
const quote = (p: string) => JSON.stringify(p);

/** The profile text for `sandbox-exec -p`. */
export function seatbeltProfile(rules: { writable: readonly string[]; tmp: string; arborHome: string; secrets: readonly string[]; allowNet?: boolean }): string {
	const lines = ["(version 1)", "(allow default)", "(deny file-write*)"];
	for (const dir of [...rules.writable, rules.tmp, "/dev/null", "/dev/tty"]) lines.push(`(allow file-write* (subpath ${quote(dir)}))`);
	for (const secret of [...rules.secrets, rules.arborHome]) lines.push(`(deny file-read* (subpath ${quote(secret)}))`);
	for (const dir of rules.writable) lines.push(`(allow file-read* (subpath ${quote(dir)}))`);
	if (!rules.allowNet) lines.push("(deny network*)");
	return lines.join("\n");
}
