import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errnoCode } from "../text/error-text.js";

/** Resolves a tool path argument against `cwd`; absolute paths are kept and `~` is expanded. */
export function resolvePath(cwd: string, p: string): string {
	if (p === "~") return os.homedir();
	if (p.startsWith("~/")) return path.join(os.homedir(), p.slice(2));
	return path.resolve(cwd, p);
}

/** Whether `p` is a file (a symbolic link followed); false when it is gone, dangling or unreadable. */
export function isFile(p: string): boolean {
	try {
		return statSync(p).isFile();
	} catch {
		return false;
	}
}

/** Whether `p` is a folder (a symbolic link followed); false when it is gone, dangling or unreadable. */
export function isDirectory(p: string): boolean {
	try {
		return statSync(p).isDirectory();
	} catch {
		return false;
	}
}

/** How a path is shown to the model: relative to cwd when inside it, absolute otherwise. */
export function displayPath(cwd: string, abs: string): string {
	const rel = path.relative(cwd, abs);
	if (rel === "") return ".";
	if (rel.startsWith("..") || path.isAbsolute(rel)) return abs;
	return rel.split(path.sep).join("/");
}

/** A file is treated as binary when its first 8 KB contain a NUL byte (git's heuristic). */
export function looksBinary(buf: Uint8Array): boolean {
	const end = Math.min(buf.length, 8192);
	for (let i = 0; i < end; i++) if (buf[i] === 0) return true;
	return false;
}

/** True when an fs error means "does not exist". */
export function isNotFound(error: unknown): boolean {
	const code = errnoCode(error);
	return code === "ENOENT" || code === "ENOTDIR";
}
