/**
 * Whether arbor colours its output, as the ecosystem decides it: `FORCE_COLOR` (any value but `0`
 * or `false`) forces colour on, `FORCE_COLOR=0` and a non-empty `NO_COLOR` turn it off (FORCE_COLOR
 * wins when both are set, as in Node itself), otherwise colour only on a terminal.
 */
export function colourWanted(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
	const force = env.FORCE_COLOR;
	if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
	if (env.NO_COLOR) return false;
	return isTTY;
}

/** Whether colour is switched off by `NO_COLOR` (or `FORCE_COLOR=0`) whatever the terminal can do. */
export function colourDisabled(env: NodeJS.ProcessEnv): boolean {
	return !colourWanted(env, true);
}

/** How many parameters after `38`/`48` belong to it: `5;n` or `2;r;g;b`. */
function extendedColourLength(params: string[], i: number): number {
	const mode = params[i + 1];
	if (mode === "5") return 3;
	if (mode === "2") return 5;
	return 1;
}

function isColourParam(p: string): boolean {
	const n = Number(p.split(":")[0]);
	return (n >= 30 && n <= 39) || (n >= 40 && n <= 49) || (n >= 90 && n <= 97) || (n >= 100 && n <= 107) || n === 58 || n === 59;
}

function withoutColour(params: string): string | null {
	const parts = params.split(";");
	const kept: string[] = [];
	let skip = 0;
	for (const [i, p] of parts.entries()) {
		if (skip > 0) {
			skip--;
			continue;
		}
		const head = p.split(":")[0];
		if ((head === "38" || head === "48" || head === "58") && !p.includes(":")) {
			skip = extendedColourLength(parts, i) - 1;
			continue;
		}
		if (!isColourParam(p) || p === "") kept.push(p);
	}
	if (kept.length === 0 && parts.some((p) => p !== "")) return null;
	return kept.join(";");
}

/**
 * Terminal output with the colour parameters taken out of every SGR sequence (`ESC[…m`); bold,
 * dim, italic, underline and inverse stay, so the editor's cursor and the selected row still show.
 * A sequence left with nothing to do is dropped.
 */
export function stripColourSgr(output: string): string {
	if (!output.includes("\u001b[")) return output;
	return output.replace(/\u001b\[([0-9;:]*)m/g, (_all, params: string) => {
		const rest = withoutColour(params);
		return rest === null ? "" : `\u001b[${rest}m`;
	});
}
