import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type * as TypeScript from "typescript";
import { ts } from "../helpers/typescript.js";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../source");

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = join(dir, name);
		return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
	});
}

/** `name:line: text` of every non-null assertion (`x!`) in a TypeScript text. */
function nonNullAssertions(name: string, text: string): string[] {
	const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
	const found: string[] = [];
	const visit = (node: TypeScript.Node): void => {
		if (ts.isNonNullExpression(node)) found.push(`${name}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.getText(sf)}`);
		ts.forEachChild(node, visit);
	};
	visit(sf);
	return found;
}

describe("indexed reads (tsconfig noUncheckedIndexedAccess)", () => {
	it("source/ has no non-null assertion: reads are guarded, restructured or go through must()", () => {
		expect(files(root).flatMap((file) => nonNullAssertions(relative(root, file), readFileSync(file, "utf8")))).toEqual([]);
	});

	it("the check finds an assertion, and not a `!==` or a negation", () => {
		expect(nonNullAssertions("x.tsx", "const a = [1][0]!;\nif (a !== 1 && !a) f(<b x={y!} />);")).toEqual(["x.tsx:1: [1][0]!", "x.tsx:2: y!"]);
	});
});
