/**
 * A count with its noun in the right number: `counted(1, "entry", "entries")` → `1 entry`,
 * `counted(2, "entry", "entries")` → `2 entries`. The plural defaults to the noun plus `s`.
 * `shown` replaces the number's text (padded or localized) while the noun still follows `n`.
 */
export function counted(n: number, one: string, many = `${one}s`, shown: string = String(n)): string {
	return `${shown} ${n === 1 ? one : many}`;
}
