/**
 * pi 1.6's `sourceInfo` of a command in `get_commands`: where the resource that registered it lives.
 * arbor's own folders are `$ARBOR_HOME/…` (scope "user") and `<cwd>/.arbor/…` (scope "project");
 * anything else came from the command line or a settings path (scope "temporary", source "cli").
 */
import { join, relative, isAbsolute } from "node:path";

type SourceInfo = { path: string; source: "local" | "cli"; scope: "user" | "project" | "temporary"; origin: "top-level" };

const inside = (folder: string, path: string): boolean => {
	const rel = relative(folder, path);
	return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

export function sourceInfo(path: string, where: { home: string; cwd: string }): SourceInfo {
	if (inside(join(where.cwd, ".arbor"), path)) return { path, source: "local", scope: "project", origin: "top-level" };
	if (inside(where.home, path)) return { path, source: "local", scope: "user", origin: "top-level" };
	return { path, source: "cli", scope: "temporary", origin: "top-level" };
}
