import { stripColourSgr } from "../../text/terminal-colour.js";

/**
 * `stdout` as Ink sees it when colour is off (NO_COLOR): every write loses its colour codes, while
 * bold, dim and inverse stay (the editor's cursor and the selected tree row are inverse). Ink's
 * chalk has no NO_COLOR support of its own, and filtering here catches every component at once.
 */
export function colourlessStdout(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
	const write = (chunk: unknown, ...rest: unknown[]): boolean =>
		(stdout.write as (...args: unknown[]) => boolean)(typeof chunk === "string" ? stripColourSgr(chunk) : chunk, ...rest);
	return new Proxy(stdout, {
		get(target, prop) {
			if (prop === "write") return write;
			const value: unknown = Reflect.get(target, prop, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}
