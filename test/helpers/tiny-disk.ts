/** A tiny file system to fill up: what a full disk does to arbor, without filling the machine's. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "vitest";

/**
 * Runs `body` with a tmpfs of `size` (e.g. "64k") mounted at a fresh folder, unmounted afterwards;
 * the test is skipped, saying why, where mounting is not permitted.
 */
export async function onTinyDisk(ctx: TestContext, size: string, body: (disk: string) => Promise<void>): Promise<void> {
	const disk = mkdtempSync(join(tmpdir(), "arbor-full-"));
	if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", disk]).status !== 0) {
		rmSync(disk, { recursive: true, force: true });
		console.warn("skipped: mount -t tmpfs is not permitted here");
		ctx.skip();
		return;
	}
	try {
		await body(disk);
	} finally {
		spawnSync("umount", [disk]);
		rmSync(disk, { recursive: true, force: true });
	}
}
