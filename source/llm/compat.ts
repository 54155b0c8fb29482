/**
 * pi's `compat` fields that arbor honours for `openai-completions` servers (the others are
 * accepted and have no effect; docs/pi-config.md lists them): `supportsUsageInStreaming`,
 * `maxTokensField`, `supportsReasoningEffort` (false: no `reasoning_effort`), `supportsStore`
 * (false: no `store`) and `supportsDeveloperRole` (true: the system prompt goes as `developer`).
 */

type Body = Record<string, unknown>;

/** The openai-compatible provider's options that `compat` sets. */
type CompletionsCompat = { includeUsage: boolean; transformRequestBody?: (body: Body) => Body };

const flag = (compat: Record<string, unknown> | undefined, key: string): boolean | undefined =>
	typeof compat?.[key] === "boolean" ? (compat[key] as boolean) : undefined;

/** The options for `compat` (provider's and model's merged, the model's winning). */
export function completionsCompat(compat: Record<string, unknown> | undefined): CompletionsCompat {
	const usage = flag(compat, "supportsUsageInStreaming") ?? true;
	const field = compat?.maxTokensField;
	const effort = flag(compat, "supportsReasoningEffort");
	const store = flag(compat, "supportsStore");
	const developer = flag(compat, "supportsDeveloperRole");
	const changes = field === "max_completion_tokens" || field === "max_tokens" || effort === false || store === false || developer === true;
	if (!changes) return { includeUsage: usage };
	return {
		includeUsage: usage,
		transformRequestBody: (body) => {
			const out: Body = { ...body };
			const limit = out.max_tokens ?? out.max_completion_tokens;
			if (field === "max_completion_tokens" || field === "max_tokens") {
				delete out.max_tokens;
				delete out.max_completion_tokens;
				if (limit !== undefined) out[field] = limit;
			}
			if (effort === false) delete out.reasoning_effort;
			if (store === false) delete out.store;
			if (developer === true && Array.isArray(out.messages)) {
				out.messages = out.messages.map((m: unknown) => ((m as { role?: unknown }).role === "system" ? { ...(m as Body), role: "developer" } : m));
			}
			return out;
		},
	};
}
