/**
 * Whether a restore's write or removal stays inside the project once links are resolved: a folder on
 * a file's way may be a link (an ignored one is in no snapshot) leading out of the project.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * True when the deepest existing folder above `full` resolves (links followed) to `realRoot` or a
 * folder under it. A link on the way that leads nowhere counts as outside: writing through it could
 * create folders anywhere.
 */
export function staysInside(realRoot: string, full: string): boolean {
	for (let dir = path.dirname(full); ; dir = path.dirname(dir)) {
		if (!fs.existsSync(dir)) {
			if (isLink(dir) || path.dirname(dir) === dir) return false;
			continue;
		}
		const real = fs.realpathSync(dir);
		return real === realRoot || real.startsWith(`${realRoot}${path.sep}`);
	}
}

function isLink(p: string): boolean {
	try {
		return fs.lstatSync(p).isSymbolicLink();
	} catch {
		return false;
	}
}
