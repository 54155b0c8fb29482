import { it } from "vitest";

/**
 * A test on a big input (100k entries, a 200k-deep chain, a line longer than the read buffer): run
 * by `npm test`, left out of `npm run test:unit` so the edit-test loop stays short.
 */
export const itLarge = it.skipIf(process.env.ARBOR_TEST_UNIT === "1");

/**
 * How many random or generated cases a test runs: `full` in `npm test`, `unit` (fewer, same seeds first) in
 * `npm run test:unit`, whose edit-test loop is held to ~10 s.
 */
export const casesFor = (full: number, unit: number): number => (process.env.ARBOR_TEST_UNIT === "1" ? unit : full);
