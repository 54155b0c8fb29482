import { join, resolve } from "node:path";

/** The read-only reference folder beside the checkout (`../shared`), or `$ARBOR_SHARED`. */
export const SHARED = process.env.ARBOR_SHARED ?? resolve(import.meta.dirname, "../../../shared");
export const FIXTURES_DIR = join(SHARED, "fixtures");
export const GEN_SESSION = join(SHARED, "tools/gen-session.mjs");
