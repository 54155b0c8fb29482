import { Text } from "ink";
import { render } from "ink-testing-library";
import React, { act, useEffect } from "react";
import { describe, expect, it } from "vitest";
import { failOnActWarnings } from "./act-warnings.js";
import { useLatest } from "../../source/ui/widgets/use-latest.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

describe("useLatest", () => {
	it("keeps one ref whose value is the latest committed one, already seen by effects of the same commit", () => {
		const refs: { readonly current: string }[] = [];
		const seenByEffects: string[] = [];
		function Probe({ value, tick }: { value: string; tick: number }) {
			const latest = useLatest(value);
			refs.push(latest);
			// Depends on `tick` only: the ref, not a dependency, brings the newest value.
			useEffect(() => void seenByEffects.push(latest.current), [tick, latest]);
			return <Text>{value}</Text>;
		}
		let app!: ReturnType<typeof render>;
		act(() => void (app = render(<Probe value="a" tick={0} />)));
		act(() => app.rerender(<Probe value="b" tick={0} />));
		expect(refs.at(-1)!.current).toBe("b");
		act(() => app.rerender(<Probe value="c" tick={1} />));
		expect(new Set(refs).size).toBe(1);
		expect(refs[0]!.current).toBe("c");
		expect(seenByEffects).toEqual(["a", "c"]);
		act(() => app.unmount());
	});
});
