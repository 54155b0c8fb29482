/**
 * The visible part of a long list: `size` rows with `selected` centred, clamped at both ends
 * (the /tree selector and every pick list scroll the same way). Pure.
 */
export function centredWindow(total: number, selected: number, size: number): { start: number; end: number } {
	const start = Math.max(0, Math.min(selected - Math.floor(size / 2), total - size));
	return { start, end: Math.min(total, start + size) };
}
