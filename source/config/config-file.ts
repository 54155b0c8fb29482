/**
 * The one way arbor reads its own configuration files (settings.json, models.json,
 * keybindings.json): only a regular file, at most {@link CONFIG_MAX_BYTES}, else a one-line usage
 * error naming the file. A FIFO or a device (`/dev/zero`, `/dev/urandom`) in a file's place would
 * block a read or never end it; it is refused by its type before any byte is read.
 */
import * as fs from "node:fs";
import { usageError } from "./errors.js";
import { errnoCode, errorMessage } from "../text/error-text.js";

/** The largest configuration file arbor reads (a models.json of thousands of models fits). */
const CONFIG_MAX_BYTES = 4 * 1024 * 1024;

/** The file's text; undefined when there is none. Throws a usage error (exit 2) for anything else that is not a small regular file. */
export function readConfigText(file: string): string | undefined {
	let fd: number;
	try {
		// Non-blocking: a FIFO put in the file's place after a check must not hang the open.
		fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
	} catch (error) {
		if (errnoCode(error) === "ENOENT") return undefined;
		throw usageError(`${file}: cannot read: ${errorMessage(error)}`);
	}
	try {
		const stat = fs.fstatSync(fd);
		if (!stat.isFile()) throw usageError(`${file}: not a regular file (${kindOf(stat)}); arbor reads its configuration only from regular files`);
		if (stat.size > CONFIG_MAX_BYTES) throw usageError(`${file}: ${stat.size} bytes, over the ${CONFIG_MAX_BYTES}-byte limit of a configuration file`);
		const buffer = Buffer.alloc(CONFIG_MAX_BYTES + 1);
		let length = 0;
		for (let n = -1; n !== 0 && length < buffer.length; length += n) n = fs.readSync(fd, buffer, length, buffer.length - length, null);
		if (length > CONFIG_MAX_BYTES) throw usageError(`${file}: over the ${CONFIG_MAX_BYTES}-byte limit of a configuration file`);
		return buffer.subarray(0, length).toString("utf8");
	} catch (error) {
		if (errnoCode(error) === undefined) throw error;
		throw usageError(`${file}: cannot read: ${errorMessage(error)}`);
	} finally {
		fs.closeSync(fd);
	}
}

function kindOf(stat: fs.Stats): string {
	if (stat.isDirectory()) return "a folder";
	if (stat.isFIFO()) return "a FIFO";
	if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
	if (stat.isSocket()) return "a socket";
	return "not a file";
}
