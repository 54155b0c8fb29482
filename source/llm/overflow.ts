/**
 * Whether a provider's error says the request's context is longer than the model's window. The
 * messages are those providers answer with (the OpenAI API and the servers that copy it — vLLM,
 * OpenRouter —, Anthropic, Gemini, Mistral, xAI, Groq, llama.cpp's server, LM Studio, Ollama); a
 * model whose window arbor does not know (a local one without `contextWindow` in models.json)
 * reaches it without automatic compaction having run first. Rate limits that mention tokens are
 * not an overflow.
 */
const OVERFLOW: readonly RegExp[] = [
	/maximum context length is \d+/i, // OpenAI chat completions, vLLM, OpenRouter
	/exceeds the context window/i, // OpenAI
	/context[_ ]length[_ ]exceeded/i, // OpenAI's error code, and others
	/prompt is too long/i, // Anthropic
	/request_too_large/i, // Anthropic (HTTP 413)
	/input token count.*exceeds the maximum/i, // Gemini
	/too large for model with \d+ maximum context length/i, // Mistral
	/maximum prompt length is \d+/i, // xAI
	/reduce the length of the messages/i, // Groq
	/exceeds the available context size/i, // llama.cpp's server
	/greater than the context length/i, // LM Studio
	/prompt too long; exceeded (max )?context length/i, // Ollama
	/context window exceeds limit/i,
	/exceeded model token limit/i,
];
const NOT_OVERFLOW: readonly RegExp[] = [/rate limit/i, /too many requests/i, /throttl/i, /quota/i];

export function isContextOverflow(error: string): boolean {
	return OVERFLOW.some((p) => p.test(error)) && !NOT_OVERFLOW.some((p) => p.test(error));
}
