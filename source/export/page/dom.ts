/// <reference lib="dom" />
/**
 * The only way the page creates elements: attributes via setAttribute and text via text nodes,
 * never innerHTML, so session content can never become markup.
 */
export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
	tag: K,
	attrs: Record<string, string | undefined> = {},
	...children: Child[]
): HTMLElementTagNameMap[K] {
	const node = document.createElement(tag);
	for (const [name, value] of Object.entries(attrs)) {
		if (value === undefined) continue;
		if (name === "class") node.className = value;
		else node.setAttribute(name, value);
	}
	append(node, children);
	return node;
}

export function append(parent: Node, children: readonly Child[]): void {
	for (const child of children) {
		if (child === null || child === undefined || child === false) continue;
		parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
	}
}

/** A collapsible block: `<details>` with a summary line. */
export function details(summary: string, body: Child[], opts: { open?: boolean; cls?: string } = {}): HTMLDetailsElement {
	const d = el("details", { class: opts.cls }, el("summary", {}, summary), ...body);
	d.open = opts.open === true;
	return d;
}
