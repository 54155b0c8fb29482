import { useLayoutEffect, useRef } from "react";

/**
 * A ref that holds `value` as of the latest commit, for callbacks that outlive a render (promise
 * continuations, input handlers) and must read current props without being recreated. It is set
 * in a layout effect, not while rendering (react-hooks/refs): a render React throws away never
 * leaks its props, and effects of the same commit already see the new value.
 */
export function useLatest<T>(value: T): { readonly current: T } {
	const ref = useRef(value);
	useLayoutEffect(() => {
		ref.current = value;
	});
	return ref;
}
