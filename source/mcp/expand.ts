/**
 * `${VAR}` and `${VAR:-default}` in a server's command, arguments, environment, address and headers
 * (Claude Code's expansion). What the variables give, and every header and key-like environment
 * value, is registered as a secret (text/secrets.ts): it never reaches the session file, a log or
 * an export, whatever the server echoes. A variable in the command or an argument is registered only
 * when its name looks like a key's (`${HOME}` must not redact every path).
 */
import { isKeyVariable, registerSecret } from "../text/secrets.js";
import type { McpServerConfig } from "./config.js";

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Names of variables an environment value's name suggests a key (`*_TOKEN`, `*SECRET*`, …) holds. */
const KEY_LIKE = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL)/i;

/** `text` with its references replaced; a variable that is not set (and has no default) is named in the error. */
export function expandText(text: string, env: NodeJS.ProcessEnv, found: string[], secretField = false): string {
	return text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
		const value = env[name];
		if (value !== undefined && value !== "") {
			// A variable in env or headers is a credential; elsewhere (`${HOME}` in an argument) only a key-like name is.
			if (secretField || isKeyVariable(name) || KEY_LIKE.test(name)) found.push(value);
			return value;
		}
		if (fallback !== undefined) return fallback;
		throw new Error(`the variable ${name} is not set`);
	});
}

const expandAll = (values: Record<string, string>, env: NodeJS.ProcessEnv, found: string[]) =>
	Object.fromEntries(Object.entries(values).map(([k, v]) => [k, expandText(v, env, found, true)]));

/** The config as it is started: references replaced, the secrets in it registered. Throws naming a missing variable. */
export function expandConfig(config: McpServerConfig, env: NodeJS.ProcessEnv = process.env): McpServerConfig {
	const found: string[] = [];
	let expanded: McpServerConfig;
	if (config.type === "stdio") {
		expanded = {
			...config,
			command: expandText(config.command, env, found),
			args: config.args.map((a) => expandText(a, env, found)),
			env: expandAll(config.env, env, found),
			...(config.cwd !== undefined ? { cwd: expandText(config.cwd, env, found) } : {}),
		};
		for (const [name, value] of Object.entries(expanded.env)) if (isKeyVariable(name) || KEY_LIKE.test(name)) found.push(value);
	} else {
		expanded = { ...config, url: expandText(config.url, env, found), headers: expandAll(config.headers, env, found) };
		for (const value of Object.values(expanded.headers)) {
			found.push(value);
			// "Bearer <token>": the token alone is the secret too.
			const token = value.split(" ").pop();
			if (token && token !== value) found.push(token);
		}
	}
	for (const value of found) registerSecret(value);
	return expanded;
}
