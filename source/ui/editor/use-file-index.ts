import { useEffect, useState } from "react";
import { FileIndex } from "../../tools/file-index.js";

/** The project's files for `@` completion: the first walk starts at mount, in the background. */
export function useFileIndex(dir: string | undefined): { files: readonly string[]; loading: boolean; refresh(minAgeMs?: number): void } | undefined {
	const [index] = useState(() => (dir === undefined ? undefined : new FileIndex(dir)));
	const [, setVersion] = useState(0);
	useEffect(() => {
		if (!index) return undefined;
		const off = index.onChange(() => setVersion((v) => v + 1));
		index.refresh();
		return off;
	}, [index]);
	return index && { files: index.files, loading: index.loading, refresh: (minAgeMs?: number) => index.refresh(minAgeMs) };
}
