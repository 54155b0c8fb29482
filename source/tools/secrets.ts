/**
 * Keeps provider keys out of tool results. Tools run with an environment without the key
 * variables, and any known key value that still shows up in a result (a `.env` file the model
 * reads, a key passed with --api-key and echoed) is replaced before the result is stored or sent.
 */

/** What a redacted key looks like in a tool result. */
export const REDACTED = "[redacted]";
/** Shorter values are not treated as secrets: replacing them would garble ordinary output. */
const MIN_SECRET_LENGTH = 8;

const registered = new Set<string>();

/** Provider key variables: `*_API_KEY` (OPENAI_, ANTHROPIC_, …) and every `ARBOR_*KEY*`. */
export function isKeyVariable(name: string): boolean {
	const upper = name.toUpperCase();
	return upper.endsWith("_API_KEY") || (upper.startsWith("ARBOR_") && upper.includes("KEY"));
}

/** Adds a key that did not come from the environment (the --api-key value) to the redacted values. */
export function registerSecret(value: string | undefined): void {
	if (value && value.length >= MIN_SECRET_LENGTH) registered.add(value);
}

/** The environment for tool processes: `env` without the key variables. */
export function toolEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(env)) if (!isKeyVariable(name)) out[name] = value;
	return out;
}

/** Every key value arbor knows of: the key variables of `env` and the registered values. */
export function knownSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
	const values = new Set(registered);
	for (const [name, value] of Object.entries(env)) {
		if (isKeyVariable(name) && value && value.length >= MIN_SECRET_LENGTH) values.add(value);
	}
	// Longest first, so a key that contains another is replaced whole.
	return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every known key value replaced by {@link REDACTED}. */
export function redactText(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** A JSON-like value with every string redacted (tool details). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
	if (secrets.length === 0) return value;
	if (typeof value === "string") return redactText(value, secrets) as T;
	if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets)) as T;
	if (value && typeof value === "object") {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, secrets);
		return out as T;
	}
	return value;
}
