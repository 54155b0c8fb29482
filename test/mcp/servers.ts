/**
 * The reference MCP servers for the MCP client's tests (devDependencies): server-everything and
 * server-filesystem over stdio, and server-everything's Streamable HTTP server on 127.0.0.1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { waitFor } from "../helpers/wait-for.js";

const modules = join(import.meta.dirname, "../../node_modules/@modelcontextprotocol");
export const EVERYTHING = join(modules, "server-everything/dist/index.js");
export const FILESYSTEM = join(modules, "server-filesystem/dist/index.js");

/** server-everything on stdio, as a `mcpServers` entry. */
export const everythingStdio = (extra: Record<string, unknown> = {}) => ({ command: process.execPath, args: [EVERYTHING, "stdio"], ...extra });

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const port = (server.address() as { port: number }).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** server-everything's Streamable HTTP server (or its older SSE one); `url` is its `/mcp` (`/sse`) endpoint on 127.0.0.1. */
export async function startEverythingHttp(transport: "streamableHttp" | "sse" = "streamableHttp"): Promise<{ url: string; child: ChildProcess; close: () => Promise<void> }> {
	const port = await freePort();
	const child = spawn(process.execPath, [EVERYTHING, transport], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
	let log = "";
	child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
	child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
	await waitFor(() => log.includes(`on port ${port}`) || child.exitCode !== null, { what: `server-everything on port ${port}: ${log}` });
	if (child.exitCode !== null) throw new Error(`server-everything did not start: ${log}`);
	const close = async () => {
		if (child.exitCode !== null) return;
		const exited = new Promise((resolve) => child.once("exit", resolve));
		child.kill();
		await exited;
	};
	return { url: `http://127.0.0.1:${port}/${transport === "sse" ? "sse" : "mcp"}`, child, close };
}

/** A stdio server whose `crash` tool ends it (fixtures/dying-server.mjs). */
export const dyingStdio = () => ({ command: process.execPath, args: [join(import.meta.dirname, "fixtures/dying-server.mjs")] });
