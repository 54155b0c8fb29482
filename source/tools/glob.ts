/**
 * Glob → RegExp conversion shared by .gitignore rules, `find` patterns and `grep --glob`.
 * Supports `*`, `**`, `?`, `[...]` (with `!`/`^` negation) and `{a,b}` alternatives.
 */

const SPECIAL = /[.+^${}()|\\]/;

/** Converts a glob to the body of a regular expression (no anchors); `/` is the only separator. */
export function globToRegexSource(glob: string): string {
	let out = "";
	let i = 0;
	let braceDepth = 0;
	while (i < glob.length) {
		const c = glob.charAt(i);
		if (c === "*") {
			const step = starToken(glob, i);
			out += step.source;
			i = step.next;
			continue;
		}
		if (c === "?") out += "[^/]";
		else if (c === "[") {
			const cls = classToken(glob, i);
			out += cls.source;
			i = cls.next;
			continue;
		} else if (c === "\\" && i + 1 < glob.length) {
			out += escapeChar(glob.charAt(i + 1));
			i += 2;
			continue;
		} else if (c === "{") {
			braceDepth++;
			out += "(?:";
		} else if (c === "}" && braceDepth > 0) {
			braceDepth--;
			out += ")";
		} else if (c === "," && braceDepth > 0) out += "|";
		else out += escapeChar(c);
		i++;
	}
	// An unclosed `{` is a literal in most shells; closing the groups keeps the regex valid.
	return out + ")".repeat(braceDepth);
}

/** Compiles a glob into an anchored RegExp matching the whole path. */
export function globToRegExp(glob: string, flags = ""): RegExp {
	return new RegExp(`^${globToRegexSource(glob)}$`, flags);
}

function escapeChar(c: string): string {
	return SPECIAL.test(c) ? `\\${c}` : c;
}

function starToken(glob: string, i: number): { source: string; next: number } {
	if (glob[i + 1] !== "*") return { source: "[^/]*", next: i + 1 };
	const atSegmentStart = i === 0 || glob[i - 1] === "/";
	if (atSegmentStart && glob[i + 2] === "/") return { source: "(?:.*/)?", next: i + 3 };
	if (atSegmentStart && i + 2 === glob.length) return { source: ".*", next: i + 2 };
	// `a**b` is not a globstar in gitignore; it behaves like `*`.
	return { source: "[^/]*", next: i + 2 };
}

function classToken(glob: string, i: number): { source: string; next: number } {
	let j = i + 1;
	if (glob[j] === "!" || glob[j] === "^") j++;
	if (glob[j] === "]") j++;
	while (j < glob.length && glob[j] !== "]") j++;
	if (j >= glob.length) return { source: "\\[", next: i + 1 };
	let body = glob.slice(i + 1, j);
	const negated = body.startsWith("!") || body.startsWith("^");
	if (negated) body = body.slice(1);
	body = body.replace(/\\/g, "\\\\").replace(/\]/g, "\\]");
	return { source: negated ? `[^/${body}]` : `[${body}]`, next: j + 1 };
}

/** A path filter for `find`/`grep --glob`: a glob without `/` matches the file name at any depth
 * (like `find -name`), one with `/` matches the whole path relative to the search root. */
export function globPathFilter(glob: string): (relPath: string) => boolean {
	const trimmed = glob.startsWith("./") ? glob.slice(2) : glob;
	const regex = globToRegExp(trimmed.startsWith("/") ? trimmed.slice(1) : trimmed);
	if (!trimmed.includes("/")) return (rel) => regex.test(rel.slice(rel.lastIndexOf("/") + 1));
	return (rel) => regex.test(rel);
}
