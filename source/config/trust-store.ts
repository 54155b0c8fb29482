/**
 * `$ARBOR_HOME/trust.json`: the projects the user trusted, each by its real path with the content
 * hash of what its `.arbor/` held then (trust-content.ts). Written whole to a temp file and renamed,
 * mode 0600; a damaged file is a configuration error naming it (never silently "nothing trusted
 * any more": the user would be asked again for every project without knowing why).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { usageError } from "./errors.js";
import { errorMessage } from "../text/error-text.js";

/** One trusted project: the hash approved, when, the files then, and the project baseUrl shown then (if any). */
export type TrustRecord = { hash: string; trustedAt: string; files: string[]; baseUrl?: string };

type TrustFile = { version: 1; projects: Record<string, TrustRecord> };

const trustFile = (home: string): string => join(home, "trust.json");

/** The records by project path ({} when there is no file yet). */
export function readTrust(home: string): Record<string, TrustRecord> {
	const file = trustFile(home);
	if (!existsSync(file)) return {};
	let raw: unknown;
	try {
		raw = JSON.parse(readFileSync(file, "utf8"));
	} catch (error) {
		throw usageError(`${file}: invalid JSON (${errorMessage(error)}); remove it to trust projects afresh`);
	}
	const projects = (raw as Partial<TrustFile> | null)?.projects;
	if (!projects || typeof projects !== "object" || Array.isArray(projects)) throw usageError(`${file}: expected {"version": 1, "projects": {…}}`);
	const records: Record<string, TrustRecord> = {};
	for (const [path, record] of Object.entries(projects)) {
		if (record && typeof record === "object" && typeof record.hash === "string") records[path] = record;
	}
	return records;
}

/** Replaces the project's record (undefined: removes it); temp + rename, mode 0600. */
export function writeTrust(home: string, path: string, record: TrustRecord | undefined): void {
	const records = readTrust(home);
	if (record) records[path] = record;
	else delete records[path];
	mkdirSync(home, { recursive: true, mode: 0o700 });
	const file = trustFile(home);
	const temp = `${file}.${process.pid}.tmp`;
	const body: TrustFile = { version: 1, projects: records };
	writeFileSync(temp, `${JSON.stringify(body, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, file);
}
