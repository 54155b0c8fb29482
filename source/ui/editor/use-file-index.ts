import { useEffect, useState } from "react";
import { FileIndex } from "../../tools/file-index.js";

/**
 * The project's files for `@` completion: the first walk starts at mount, in the background. The
 * editor re-renders for the index only while `listening` (the list is open): a walk that ends
 * while the list is closed is read at the next opening. A walk that ends between the render that
 * opened the list and the subscription is caught by comparing the index's version once subscribed
 * (the list stayed on "listing…" otherwise).
 */
export function useFileIndex(dir: string | undefined, listening: boolean): { files: readonly string[]; loading: boolean; refresh(minAgeMs?: number): void } | undefined {
	const [index] = useState(() => (dir === undefined ? undefined : new FileIndex(dir)));
	const [, setVersion] = useState(0);
	const rendered = index?.version ?? 0;
	useEffect(() => index?.refresh(), [index]);
	useEffect(() => {
		if (!index || !listening) return undefined;
		const changed = () => setVersion(index.version);
		const off = index.onChange(changed);
		if (index.version !== rendered) changed();
		return off;
	}, [index, listening, rendered]);
	return index && { files: index.files, loading: index.loading, refresh: (minAgeMs?: number) => index.refresh(minAgeMs) };
}
