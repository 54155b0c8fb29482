/**
 * The terminal project (vitest.config.ts) runs the app on React's production build, as the bundled
 * CLI does: the screens tested here are the ones users get, and the development build's checks,
 * kept by the component tests, cost this project ~15% of its CPU.
 */
import { createElement } from "react";
import { jsx } from "react/jsx-runtime";
import { expect, it } from "vitest";
import { SlashMenu } from "../../source/ui/editor/slash-menu.js";

it("React is the production build here, and source/ JSX is compiled for it", () => {
	expect(process.env.NODE_ENV).toBe("production");
	// The development build gives every element a `_store` (for its key warnings); production none.
	expect("_store" in createElement("div")).toBe(false);
	expect("_store" in jsx("div", {})).toBe(false);
	// The development transform calls jsxDEV (which the production runtime does not have).
	expect(String(SlashMenu)).not.toMatch(/jsxDEV/);
	expect(String(SlashMenu)).toMatch(/\.jsxs?\)\(/);
});
