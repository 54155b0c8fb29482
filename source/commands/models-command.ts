/** `arbor models [--json]`: the built-in models and those of `$ARBOR_HOME/models.json`. */
import { loadCatalog } from "../config/model-config.js";
import type { ModelInfo, ProviderInfo } from "../llm/model-catalog.js";
import { isEnvName } from "../llm/resolve-model.js";
import { terminalText } from "../text/terminal-text.js";

const tokens = (n: number | undefined) => (n === undefined ? "?" : n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));
const price = (m: ModelInfo) => (m.cost ? `${m.cost.input}/${m.cost.output}` : "-");

/** A provider as JSON: never the key itself, only the variable's name when it is one. */
function providerJson(p: ProviderInfo) {
	const keyVariable = p.apiKey && isEnvName(p.apiKey) ? p.apiKey : undefined;
	return {
		name: p.name,
		api: p.api ?? "openai-completions",
		...(p.baseUrl ? { baseUrl: p.baseUrl } : {}),
		...(keyVariable ? { apiKeyEnv: keyVariable } : p.apiKey ? { apiKeyEnv: null } : {}),
		source: p.source,
		models: p.models.map((m) => ({ spec: `${p.name}:${m.id}`, ...m })),
	};
}

function table(rows: string[][]): string {
	const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
	return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd()).join("\n");
}

export async function modelsCommand(opts: { json?: boolean }): Promise<number> {
	const catalog = await loadCatalog();
	if (opts.json) {
		process.stdout.write(`${JSON.stringify({ providers: catalog.providers.map(providerJson) }, null, 2)}\n`);
		return 0;
	}
	const rows: string[][] = [["model", "name", "context", "max out", "reasoning", "input", "$/M in/out", "from"]];
	const open: string[] = [];
	for (const p of catalog.providers) {
		for (const m of p.models) {
			rows.push([`${p.name}:${m.id}`, m.name ?? "", tokens(m.contextWindow), tokens(m.maxTokens), m.reasoning ? "yes" : "no", m.input.join(","), price(m), p.source]);
		}
		if (p.api === "openai-completions" || p.api === undefined) {
			const server = p.baseUrl ? ` at ${p.baseUrl}` : " (needs --base-url)";
			open.push(`${p.name}:<model>  any model of the server${server}`);
		}
	}
	const hint = "Declare a local model's window, prices and abilities in $ARBOR_HOME/models.json (see docs/models.md).";
	process.stdout.write(`${terminalText([table(rows), "", ...open, "", hint].join("\n"))}\n`);
	return 0;
}
