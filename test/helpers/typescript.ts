/**
 * The TypeScript compiler for the layer tests, loaded with require(): typescript.js is 9 MB of
 * CommonJS, and an `import` of it first has Node scan the whole file for its exports (~0.4 s of CPU
 * per worker that loads it; require() loads it as it is).
 */
import { createRequire } from "node:module";
import type * as TypeScript from "typescript";

export const ts = createRequire(import.meta.url)("typescript") as typeof TypeScript;
