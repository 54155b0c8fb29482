import { join, resolve } from "node:path";

/** The repository root: every fixture and tool the tests need lives inside the checkout. */
export const REPO_ROOT = resolve(import.meta.dirname, "../..");
/** The session fixtures (pi v3 / v1 JSONL and their expected views), copied from the spec folder. */
export const FIXTURES_DIR = join(REPO_ROOT, "test/fixtures");
/** The synthetic session generator used for large generated sessions. */
export const GEN_SESSION = join(REPO_ROOT, "scripts/gen-session.mjs");
