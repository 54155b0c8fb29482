/** `/export` in the interactive UI (the built CLI in tmux). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../source/session/store.js";
import { copyTreeFixture, quit, submitLine, tempPlace, useArborRun } from "../helpers/arbor-tmux.js";
import { startArbor, type ArborTerminal } from "../helpers/arbor-terminal.js";

const fx = useArborRun<ArborTerminal>();

const embeddedIds = (html: string): string[] => {
	const open = '<script id="arbor-data" type="application/json">';
	const start = html.indexOf(open) + open.length;
	return JSON.parse(html.slice(start, html.indexOf("</script>", start))).entries.map((e: { id: string }) => e.id);
};

describe("/export in the virtual terminal", () => {
	it("/export writes <session>.html in the folder, /export name.html that file; a bad path is an error status", async () => {
		({ dir: fx.dir } = tempPlace("export"));
		const file = copyTreeFixture(fx.dir);
		fx.tmux = startArbor({ args: ["--session", file], cwd: fx.dir, home: join(fx.dir, "home") });
		await fx.tmux.waitForScreen((s) => s.includes("leaf "), "status line");
		const ids = SessionStore.open(file).snapshot().entries.map((e) => e.id);

		await submitLine(fx.tmux, "/export");
		await fx.tmux.waitForScreen((s) => /Exported to \S*pi-tree-session\.html/.test(s), "default export");
		expect(embeddedIds(readFileSync(join(fx.dir, "pi-tree-session.html"), "utf8"))).toEqual(ids);

		await submitLine(fx.tmux, "/export page.html");
		await fx.tmux.waitForScreen((s) => /Exported to \S*page\.html/.test(s), "named export");
		expect(embeddedIds(readFileSync(join(fx.dir, "page.html"), "utf8"))).toEqual(ids);

		await submitLine(fx.tmux, "/export no/such/x.html");
		await fx.tmux.waitForScreen((s) => s.includes("Export failed: cannot write"), "failed export");
		expect(existsSync(join(fx.dir, "no"))).toBe(false);
		await quit(fx.tmux);
	});
});
