/**
 * The models Ctrl+P (and RPC's `cycle_model`) go through, as pi's `--models` scopes them:
 * `--models a,b` or the settings key `enabledModels`. A pattern is a model as `-m` takes it, with
 * `*` for any characters: `anthropic:claude-*`, `anthropic/claude-*`, `gpt-4o`, `*mini*`.
 */

/** Whether `spec` (`provider:model`) is in the scope; undefined when there is none (every model). */
export function modelScope(patterns: readonly string[] | undefined): ((spec: string) => boolean) | undefined {
	const tests = (patterns ?? []).map((p) => p.trim()).filter((p) => p !== "").map(globRegExp);
	if (tests.length === 0) return undefined;
	return (spec) => {
		const colon = spec.indexOf(":");
		const forms = [spec, spec.slice(colon + 1), `${spec.slice(0, colon)}/${spec.slice(colon + 1)}`];
		return tests.some((test) => forms.some((form) => test.test(form)));
	};
}

function globRegExp(pattern: string): RegExp {
	const body = pattern
		.split("*")
		.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
		.join(".*");
	return new RegExp(`^${body}$`, "i");
}

/** `--models a,b` (the flag wins over the settings' list). */
export function scopePatterns(flag: string | undefined, settings: { enabledModels?: string[] }): string[] | undefined {
	return flag !== undefined ? flag.split(",") : settings.enabledModels;
}
