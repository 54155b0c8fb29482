// Preloaded (`node --import ./scripts/bench-rss.mjs …`) by scripts/bench-sync.mjs: at exit, writes the
// process's peak resident set (KiB, from getrusage) to the file named by ARBOR_BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const file = process.env.ARBOR_BENCH_RSS_FILE;
if (file) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
