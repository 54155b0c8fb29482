/**
 * The /model picker's local servers (llm/local-servers.ts), asked in the background when the picker
 * opens: the picker shows at once with the catalog, and the models a server answers with join its
 * rows when they come. Nothing answering shows nothing (no error).
 */
import { useEffect, useState } from "react";
import type { ModelCatalog } from "../../llm/model-catalog.js";
import { probeServer, withLocalModels, type LocalModels, type LocalServer } from "../../llm/local-servers.js";

export function useLocalModels(catalog: ModelCatalog, servers: readonly LocalServer[] | undefined): ModelCatalog {
	const [found, setFound] = useState<LocalModels[]>([]);
	useEffect(() => {
		let open = true;
		for (const server of servers ?? []) {
			void probeServer(server).then((models) => {
				if (open && models.ids.length > 0) setFound((before) => [...before, models]);
			});
		}
		return () => {
			open = false;
		};
	}, [servers]);
	return found.length > 0 ? withLocalModels(catalog, found) : catalog;
}
