import { it } from "vitest";

/** Whether this run is `npm run test:unit` (vitest.unit.config.ts sets it). */
const UNIT = process.env.ARBOR_TEST_UNIT === "1";

/**
 * A test on a big input (100k entries, a 200k-deep chain, a line longer than the read buffer): run
 * by `npm test`, left out of `npm run test:unit` so the edit-test loop stays short.
 */
export const itLarge = it.skipIf(UNIT);

/**
 * How many random or generated cases a test runs: `full` in `npm test`, `unit` (fewer, same seeds first) in
 * `npm run test:unit`, whose edit-test loop is held to ~10 s.
 */
export const casesFor = (full: number, unit: number): number => (UNIT ? unit : full);
