/**
 * The MCP SDK's own `Client` over stdio against the BUILT `arbor mcp serve`:
 *
 *   const mcp = await startServe(["--all"], { cwd, home, env });
 *   await mcp.client.listTools(); const r = await mcp.call("search", { query: "x" });  // r.json: the parsed text
 *   mcp.stderr  // what the server wrote on stderr
 *   await mcp.close()
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { builtCli } from "../helpers/cli.js";

export type Called = { text: string; json: any; isError: boolean };
export type ServeHarness = { client: Client; call(name: string, args?: Record<string, unknown>): Promise<Called>; stderr: () => string; close(): Promise<void> };

export async function startServe(flags: string[], opts: { cwd: string; home: string; env?: Record<string, string> }): Promise<ServeHarness> {
	const env: Record<string, string> = {};
	for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [builtCli(), "mcp", "serve", ...flags],
		cwd: opts.cwd,
		env: { ...env, ARBOR_HOME: opts.home, NO_COLOR: "1", ...opts.env },
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
	const client = new Client({ name: "arbor-test", version: "1.0.0" });
	await client.connect(transport);
	return {
		client,
		async call(name, args = {}) {
			const result = await client.callTool({ name, arguments: args });
			const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("");
			let json: any;
			try {
				json = JSON.parse(text);
			} catch {
				json = undefined; // an error's text is not JSON
			}
			return { text, json, isError: result.isError === true };
		},
		stderr: () => stderr,
		close: () => client.close(),
	};
}
