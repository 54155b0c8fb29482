/**
 * `arbor import <file|folder>… [--json]`: Claude Code sessions and Codex rollouts → arbor sessions.
 * One line per source file; a named path that is missing, or a named file that is neither format,
 * is a usage error (exit 2) after the others were imported.
 */
import * as fs from "node:fs";
import { CliError } from "../config/errors.js";
import { importFile, sourceFiles, type ImportOutcome } from "../import/import.js";
import { place, type CommonOptions } from "../config/options.js";
import { terminalText } from "../text/terminal-text.js";
import { counted } from "../text/count.js";

function describe(o: ImportOutcome): string {
	switch (o.status) {
		case "imported": {
			const skipped = Object.entries(o.skipped).map(([why, n]) => `${n} × ${why}`);
			const tail = skipped.length ? `; skipped ${skipped.join(", ")}` : "";
			return `imported ${o.source} (${o.format}) → ${o.file}: ${counted(o.entries, "entry", "entries")}${tail}`;
		}
		case "already-imported":
			return `already imported ${o.source} → ${o.file}`;
		case "skipped":
			return `skipped ${o.source}: ${o.reason}`;
		default: {
			const never: never = o;
			return never;
		}
	}
}

export async function importCommand(targets: string[], opts: CommonOptions): Promise<number> {
	const where = place(opts);
	const outcomes: ImportOutcome[] = [];
	const problems: string[] = [];
	for (const target of targets) {
		if (!fs.existsSync(target)) {
			problems.push(`no such file or folder: ${target}`);
			continue;
		}
		const explicit = fs.statSync(target).isFile();
		for (const file of sourceFiles(target)) {
			const outcome = importFile(file, { home: where.home, cwd: where.cwd });
			outcomes.push(outcome);
			if (explicit && outcome.status === "skipped") problems.push(`${file}: ${outcome.reason}`);
		}
	}
	if (opts.json) process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
	else if (outcomes.length) process.stdout.write(`${terminalText(outcomes.map(describe).join("\n"))}\n`);
	const imported = outcomes.filter((o) => o.status === "imported").length;
	if (!opts.json && outcomes.length > 1) process.stdout.write(`${imported} imported, ${outcomes.length - imported} not (already imported or skipped)\n`);
	if (problems.length) throw new CliError(problems.join("; "), 2);
	return 0;
}
