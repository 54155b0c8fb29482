/**
 * Local model servers for the /model picker: Ollama, LM Studio and a configured OpenAI-compatible
 * base URL, asked for their models in the background with a short time-out. Nothing answering is
 * no error: the picker then simply lists nothing more. `ARBOR_LOCAL_SERVERS` replaces the servers
 * asked (`ollama=http://127.0.0.1:11434/v1,lmstudio=…`) or, as `off`, asks none (docs/models.md).
 */
import type { ModelCatalog } from "./model-catalog.js";

/** One server to ask: the provider its models are chosen under (`ollama:<id>`) and its `/v1` base URL. */
export type LocalServer = { provider: string; baseUrl: string };

/** The models a server answered with, by provider. */
export type LocalModels = { provider: string; ids: string[] };

/** How long one server may take to answer (a local server answers in milliseconds, or not at all). */
export const PROBE_TIMEOUT_MS = 800;

/**
 * The servers the picker asks: ollama's and lmstudio's base URLs (the catalog's, models.json may
 * move them) and the configured `--base-url` / `ARBOR_BASE_URL` / settings `baseUrl` as `compat:`.
 */
export function localServers(catalog: ModelCatalog, opts: { baseUrl?: string; env: NodeJS.ProcessEnv }): LocalServer[] {
	const override = opts.env.ARBOR_LOCAL_SERVERS?.trim();
	if (override === "off") return [];
	if (override) {
		return override.split(",").flatMap((part) => {
			const at = part.indexOf("=");
			const provider = part.slice(0, at).trim();
			const baseUrl = part.slice(at + 1).trim();
			return at > 0 && baseUrl ? [{ provider, baseUrl }] : [];
		});
	}
	const servers: LocalServer[] = [];
	for (const name of ["ollama", "lmstudio"]) {
		const baseUrl = catalog.providers.find((p) => p.name === name)?.baseUrl;
		if (baseUrl) servers.push({ provider: name, baseUrl });
	}
	const compat = opts.baseUrl || opts.env.ARBOR_BASE_URL;
	if (compat) servers.push({ provider: "compat", baseUrl: compat });
	return servers;
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
	const response = await fetch(url, { signal, headers: { accept: "application/json" } });
	if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
	return await response.json();
}

/** Model ids of an OpenAI-compatible `/models` answer (`{data: [{id}]}`) or Ollama's `/api/tags` (`{models: [{name}]}`). */
export function modelIds(body: unknown): string[] {
	const list = (body as { data?: unknown; models?: unknown } | null)?.data ?? (body as { models?: unknown } | null)?.models;
	if (!Array.isArray(list)) return [];
	const ids = list.map((m: unknown) => {
		const row = m as { id?: unknown; name?: unknown } | null;
		return typeof row?.id === "string" ? row.id : typeof row?.name === "string" ? row.name : undefined;
	});
	return [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
}

/** One server's models: its `/models`, for Ollama also `/api/tags`; none when it does not answer in time. */
export async function probeServer(server: LocalServer, timeoutMs = PROBE_TIMEOUT_MS): Promise<LocalModels> {
	const signal = AbortSignal.timeout(timeoutMs);
	const base = server.baseUrl.replace(/\/+$/, "");
	const urls = [`${base}/models`, ...(server.provider === "ollama" ? [`${base.replace(/\/v1$/, "")}/api/tags`] : [])];
	for (const url of urls) {
		try {
			const ids = modelIds(await getJson(url, signal));
			if (ids.length > 0) return { provider: server.provider, ids };
		} catch {
			// Not running, not this API, or too slow: the next URL, else nothing.
		}
	}
	return { provider: server.provider, ids: [] };
}

/** The catalog with the models the servers answered with added to their providers (each id once). */
export function withLocalModels(catalog: ModelCatalog, found: readonly LocalModels[]): ModelCatalog {
	if (found.every((f) => f.ids.length === 0)) return catalog;
	const providers = catalog.providers.map((p) => ({ ...p, models: [...p.models] }));
	for (const { provider, ids } of found) {
		let entry = providers.find((p) => p.name === provider);
		if (!entry) {
			entry = { name: provider, api: "openai-completions", source: "built-in", models: [] };
			providers.push(entry);
		}
		for (const id of ids) {
			if (!entry.models.some((m) => m.id === id)) entry.models.push({ id, name: `${id} (local server)`, reasoning: false, input: ["text"] });
		}
	}
	return { providers };
}
