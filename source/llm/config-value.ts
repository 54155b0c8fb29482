/**
 * A models.json value that holds a secret (a provider's `apiKey`, a header's value), read as pi
 * 1.6 reads it: `!command` runs the command in a shell and takes its standard output, trimmed
 * (once per process: the answer, or the failure, is kept); `$NAME` and `${NAME}` are environment
 * variables inside a text (`$$` is a `$`, `$!` a `!`); a bare `NAME` (pi 0.73's form) is that
 * variable when it is set; anything else is the value itself.
 */
import { exec } from "node:child_process";
import { oneLine } from "../text/one-line.js";
import { registerKeyVariable, registerSecret } from "../text/secrets.js";

const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
const COMMAND_TIMEOUT_MS = 10_000;

/** Whether a models.json value names an environment variable (else it is the value itself). */
export const isEnvName = (value: string): boolean => ENV_NAME.test(value);

/** Whether a models.json value is a command (`!…`) whose output is the value. */
export const isCommandValue = (value: string | undefined): value is `!${string}` => value?.startsWith("!") === true;

const resolved = new Set<string>();
const commands = new Map<string, Promise<string>>();

/**
 * Every key and header value arbor resolved from models.json, `--api-key` aside, in this process
 * so far (literals, variables, commands' output): what must never be shown or stored. The
 * redaction of tool output and sessions reads them here.
 */
export function resolvedKeyValues(): string[] {
	return [...resolved];
}

/** Every value resolved here joins the secrets registry (text/secrets.ts): redacted wherever it would be stored or shown. */
function keep(value: string | undefined): string | undefined {
	if (value) resolved.add(value);
	registerSecret(value);
	return value;
}

/** `$NAME`, `${NAME}`, `$$` and `$!` inside a text; undefined when a named variable is not set. */
function interpolate(text: string, env: Record<string, string | undefined>): string | undefined {
	let missing = false;
	const out = text.replace(/\$(\$|!|\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (whole, escaped: string, braced?: string, bare?: string) => {
		if (escaped === "$" || escaped === "!") return escaped;
		const value = env[braced ?? bare ?? ""];
		if (!value) missing = true;
		return value ?? whole;
	});
	return missing ? undefined : out;
}

/**
 * A value that is not a command, now: the variable or text it names, else undefined (a variable
 * that is not set). `bareLiteral`: a bare NAME whose variable is not set is the text itself (a
 * header's value) rather than missing (a key).
 */
export function resolvePlainValue(value: string | undefined, env: Record<string, string | undefined>, bareLiteral = false): string | undefined {
	if (!value || isCommandValue(value)) return undefined;
	if (isEnvName(value)) {
		// The variable is kept from child processes (text/secrets.ts); a bare header text is no secret's name.
		if (env[value]) registerKeyVariable(value);
		return env[value] ? keep(env[value]) : bareLiteral ? value : undefined;
	}
	return keep(value.includes("$") ? interpolate(value, env) : value);
}

/**
 * A `!command` value's output. Runs once per process and command text; a failure (exit status,
 * time-out after 10 s, no output) rejects with one line naming `what` (e.g. `the apiKey of provider
 * "vault"`) and the command — never its output.
 */
export function runCommandValue(value: string, what: string): Promise<string> {
	let running = commands.get(value);
	if (!running) {
		running = new Promise<string>((resolve, reject) => {
			exec(value.slice(1), { timeout: COMMAND_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
				const out = String(stdout).trim();
				if (error || out === "") {
					const why = error ? (error.killed ? `did not finish within ${COMMAND_TIMEOUT_MS / 1000} s` : `exited with ${error.code ?? "an error"}`) : "printed nothing";
					const said = oneLine(String(stderr)).slice(0, 200);
					reject(new Error(`models.json: ${what}: the command \`${value.slice(1)}\` ${why}${said ? ` (${said})` : ""}`));
					return;
				}
				resolve(keep(out) ?? out);
			});
		});
		commands.set(value, running);
	}
	return running;
}

/** Any value: a command's output (run as above) or the plain value. */
async function resolveValue(value: string | undefined, env: Record<string, string | undefined>, what: string, bareLiteral = false): Promise<string | undefined> {
	if (isCommandValue(value)) return runCommandValue(value, what);
	return resolvePlainValue(value, env, bareLiteral);
}

/** Headers with each value resolved (a header whose value resolves to nothing is left out, as pi does). */
export async function resolveHeaders(headers: Record<string, string> | undefined, env: Record<string, string | undefined>, provider: string): Promise<Record<string, string> | undefined> {
	if (!headers) return undefined;
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		const got = await resolveValue(value, env, `the header "${name}" of provider "${provider}"`, true);
		if (got) out[name] = got;
	}
	return Object.keys(out).length > 0 ? out : undefined;
}
