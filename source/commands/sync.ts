/** `arbor sync [--remote NAME|URL] [--dry-run] [--json]`: the face of source/sync/ on the command line (docs/sync.md). */
import { arborHome } from "../session/paths.js";
import { terminalText } from "../text/terminal-text.js";
import { runSync } from "../sync/sync.js";
import { reportText } from "../sync/report.js";

type SyncFlags = { remote?: string; dryRun?: boolean; json?: boolean };

/** Runs a sync in the current folder and prints what it did; 0 when synced or nothing to do (failures throw CliError). */
export async function syncCommand(flags: SyncFlags): Promise<number> {
	const report = await runSync({ cwd: process.cwd(), home: arborHome(), remote: flags.remote, dryRun: flags.dryRun === true });
	const text = flags.json ? JSON.stringify(report, null, 2) : terminalText(reportText(report));
	process.stdout.write(`${text}\n`);
	return 0;
}
