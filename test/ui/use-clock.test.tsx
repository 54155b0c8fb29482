import { Text } from "ink";
import { render } from "ink-testing-library";
import React, { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failOnActWarnings } from "./act-warnings.js";
import { elapsedSeconds, useClock } from "../../source/ui/widgets/use-clock.js";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
failOnActWarnings();

describe("elapsedSeconds", () => {
	it("counts whole seconds", () => expect(elapsedSeconds(5999, 1000)).toBe(4));
	it("is never negative", () => expect(elapsedSeconds(1000, 5000)).toBe(0));
});

describe("useClock (the one ticking clock of the live area and the summarizing screen)", () => {
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	function Shown({ active, clock }: { active: boolean; clock: () => number }) {
		return <Text>{`t=${useClock(active, clock)}`}</Text>;
	}

	it("reads the clock once a second while active, and not while idle", () => {
		let t = 1000;
		const clock = () => t;
		let app!: ReturnType<typeof render>;
		act(() => {
			app = render(<Shown active={false} clock={clock} />);
		});
		expect(app.lastFrame()).toBe("t=1000");
		t = 2000;
		act(() => vi.advanceTimersByTime(3000));
		expect(app.lastFrame()).toBe("t=1000");
		act(() => app.rerender(<Shown active clock={clock} />));
		expect(app.lastFrame()).toBe("t=2000");
		t = 3000;
		act(() => vi.advanceTimersByTime(1000));
		expect(app.lastFrame()).toBe("t=3000");
		act(() => app.rerender(<Shown active={false} clock={clock} />));
		t = 9000;
		act(() => vi.advanceTimersByTime(5000));
		expect(app.lastFrame()).toBe("t=3000");
		act(() => app.unmount());
	});
});
