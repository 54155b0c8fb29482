/**
 * The one registry of the provider keys this run knows, and what keeps them secret: every child
 * process gets an environment without the variables that hold one ({@link childEnvironment}), and
 * every key value that still shows up in something stored or shown (a tool result, a `.env` the
 * model reads, a provider error that echoes the key, RPC/ACP output) is replaced by
 * {@link REDACTED}. Keys come in where they are resolved (llm/resolve-model.ts's `resolveApiKey`,
 * the `--api-key` flag, models.json's providers): whatever resolves a key registers it here. It
 * sits in `text/` because every layer needs it — the session store's write path, the model layer,
 * the tools and the checkpoints' git all read this one registry.
 */

/** What a redacted key looks like. */
export const REDACTED = "[redacted]";
/** Shorter values are not treated as secrets: replacing them would garble ordinary output. */
const MIN_SECRET_LENGTH = 8;

const registered = new Set<string>();
const keyVariables = new Set<string>();
/** The list for `process.env`, until a key registers: RPC and the store ask for it on every line. */
let cached: string[] | undefined;

/** Key variables: `*_API_KEY` (OPENAI_, ANTHROPIC_, …), every `ARBOR_*KEY*`, and every variable models.json names as a key. */
export function isKeyVariable(name: string): boolean {
	const upper = name.toUpperCase();
	return keyVariables.has(name) || upper.endsWith("_API_KEY") || (upper.startsWith("ARBOR_") && upper.includes("KEY"));
}

/** Adds a key value, wherever it came from (--api-key, a literal in models.json, a command's output). */
export function registerSecret(value: string | undefined): void {
	const trimmed = value?.trim();
	if (value && value.length >= MIN_SECRET_LENGTH) registered.add(value);
	if (trimmed && trimmed !== value && trimmed.length >= MIN_SECRET_LENGTH) registered.add(trimmed);
	cached = undefined;
}

/** Adds a variable that holds a key (models.json's `"apiKey": "MY_TOKEN"`): stripped from children, its value redacted. */
export function registerKeyVariable(name: string): void {
	keyVariables.add(name);
	cached = undefined;
}

/**
 * The environment for every child process arbor starts (the bash tool, `!command`, RPC `bash`,
 * extensions' `exec`, git, an editor): `env` without the key variables and without any variable
 * whose value is a registered key.
 */
export function childEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(env)) {
		if (isKeyVariable(name) || (value !== undefined && registered.has(value))) continue;
		out[name] = value;
	}
	return out;
}

/** Every key value arbor knows of, longest first: the key variables' values and the registered values. */
export function knownSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
	if (env === process.env) return (cached ??= collectSecrets(env));
	return collectSecrets(env);
}

function collectSecrets(env: NodeJS.ProcessEnv): string[] {
	const values = new Set(registered);
	for (const [name, value] of Object.entries(env)) {
		if (isKeyVariable(name) && value && value.length >= MIN_SECRET_LENGTH) values.add(value);
	}
	// Longest first, so a key that contains another is replaced whole.
	return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every known key value replaced by {@link REDACTED}. */
export function redactText(text: string, secrets: readonly string[] = knownSecrets()): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** Serialized JSON with every key redacted, also where JSON escaped a key's characters. */
export function redactJson(json: string, secrets: readonly string[] = knownSecrets()): string {
	if (secrets.length === 0) return json;
	return redactText(json, [...new Set(secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))]);
}

/** Whether any string inside a JSON-like value holds a known key (walks without copying). */
function holdsSecret(value: unknown, secrets: readonly string[] = knownSecrets()): boolean {
	if (secrets.length === 0) return false;
	if (typeof value === "string") return secrets.some((s) => value.includes(s));
	if (Array.isArray(value)) return value.some((v) => holdsSecret(v, secrets));
	if (value && typeof value === "object") return Object.values(value).some((v) => holdsSecret(v, secrets));
	return false;
}

/** A JSON-like value with every string redacted (a copy only where something changed). */
export function redactValue<T>(value: T, secrets: readonly string[] = knownSecrets()): T {
	if (!holdsSecret(value, secrets)) return value;
	if (typeof value === "string") return redactText(value, secrets) as T;
	if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets)) as T;
	if (value && typeof value === "object") {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, secrets);
		return out as T;
	}
	return value;
}

/**
 * Redacts text that arrives in pieces (a streamed reply): a key split across two deltas is caught.
 * The end of what came so far is held back only while it could be the start of a key.
 */
export class RedactingStream {
	private held = "";

	/** The text that is safe to show now. */
	push(delta: string): string {
		const secrets = knownSecrets();
		const text = redactText(this.held + delta, secrets);
		const keep = heldTail(text, secrets);
		this.held = text.slice(text.length - keep);
		return text.slice(0, text.length - keep);
	}

	/** What was held back (the stream ended: it is no key). */
	end(): string {
		const rest = this.held;
		this.held = "";
		return rest;
	}
}

/** The length of the longest end of `text` that is a key's proper beginning. */
function heldTail(text: string, secrets: readonly string[]): number {
	let longest = 0;
	for (const secret of secrets) {
		for (let n = Math.min(secret.length - 1, text.length); n > longest; n--) {
			if (text.endsWith(secret.slice(0, n))) {
				longest = n;
				break;
			}
		}
	}
	return longest;
}
