/**
 * `value`, or a thrown Error naming `what` when it is undefined. For reads the code knows are in
 * range (an index below a length checked just before, a parallel array of the same length): if that
 * knowledge is ever wrong, the failure names the broken invariant instead of a later
 * "cannot read properties of undefined".
 */
export function must<T>(value: T | undefined, what: string): T {
	if (value === undefined) throw new Error(`internal error: ${what} is missing`);
	return value;
}

/** The default of a switch that covers every case: a type error if a case is added and not handled. */
export function unreachable(value: never): never {
	return value;
}
