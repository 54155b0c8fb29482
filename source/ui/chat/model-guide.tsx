import { Box, Text } from "ink";

/**
 * What the chat shows at a first start with no model configured (pi shows the same ways in): a
 * key in the environment, a models.json, a local server. Gone once a model is chosen or the
 * transcript has anything in it.
 */
export function ModelGuide() {
	return (
		<Box flexDirection="column" marginBottom={1}>
			<Text bold>No model yet. Pick one of these, then send your message:</Text>
			<Text>  • A hosted model: set OPENAI_API_KEY or ANTHROPIC_API_KEY, then /model (or -m openai:gpt-4.1-mini)</Text>
			<Text>  • A local server: /model ollama:llama3.2 (Ollama, port 11434) or /model lmstudio:&lt;model&gt; (LM Studio, port 1234)</Text>
			<Text>  • Any OpenAI-compatible server: -m compat:&lt;model&gt; --base-url http://host:port/v1</Text>
			<Text>  • Your own providers and models: $ARBOR_HOME/models.json (pi&apos;s format); ARBOR_MODEL=provider:model starts with one</Text>
		</Box>
	);
}
