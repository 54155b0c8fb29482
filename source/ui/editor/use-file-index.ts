import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { FileIndex } from "../../tools/file-index.js";

const NO_SUBSCRIPTION = () => () => {};

/**
 * The project's files for `@` completion: the first walk starts at mount, in the background. The
 * editor re-renders for the index only while `listening` (the list is open): a walk that ends
 * while the list is closed is read at the next opening. The subscription is React's external-store
 * one, which reads the index's version again once subscribed: a walk that ends between the render
 * that opened the list and the subscription is not missed (the list stayed on "listing…").
 */
export function useFileIndex(dir: string | undefined, listening: boolean): { files: readonly string[]; loading: boolean; refresh(minAgeMs?: number): void } | undefined {
	const [index] = useState(() => (dir === undefined ? undefined : new FileIndex(dir)));
	useEffect(() => index?.refresh(), [index]);
	const subscribe = useCallback((onChange: () => void) => index?.onChange(onChange) ?? (() => {}), [index]);
	useSyncExternalStore(index && listening ? subscribe : NO_SUBSCRIPTION, () => (index && listening ? index.version : 0));
	return index && { files: index.files, loading: index.loading, refresh: (minAgeMs?: number) => index.refresh(minAgeMs) };
}
