/** Generated session files for search tests. */
const WORDS = ["the", "model", "error", "reducer", "async", "path", "offset", "Tree", "ERROR", "zebra", "sync", "érable", "naïve"];

/** A branching session of `n` messages whose texts are seeded word salad (ties in rank included: many equal texts). */
export function generated(seed: number, n: number): string {
	let x = seed;
	const rand = (k: number) => {
		x = (x * 1103515245 + 12345) % 2147483648;
		return x % k;
	};
	const header = { type: "session", version: 3, id: `0000000${seed}-0000-4000-8000-000000000000`, timestamp: "2026-01-01T00:00:00.000Z", cwd: `/p${seed}` };
	const lines = [JSON.stringify(header)];
	for (let i = 0; i < n; i++) {
		const parentId = i === 0 ? null : `s${seed}e${rand(5) === 0 ? rand(i) : i - 1}`;
		const text = Array.from({ length: 1 + rand(12) }, () => WORDS[rand(WORDS.length)]).join(" ");
		const role = rand(2) ? "user" : "assistant";
		const content = role === "user" ? text : [{ type: "text", text }];
		lines.push(JSON.stringify({ type: "message", id: `s${seed}e${i}`, parentId, timestamp: `2026-01-01T00:${String(rand(60)).padStart(2, "0")}:00.000Z`, message: { role, content, timestamp: i } }));
	}
	return `${lines.join("\n")}\n`;
}

/**
 * A session for byte-range searches: every third message is a long one dense with multi-byte
 * characters holding "xylophone" (in varying case, at varying places), the others short and
 * without it — so the word is on few lines (the file may be cut into ranges) and a cut point
 * mostly falls inside a long line, often inside a character.
 */
export function rangeSession(n: number): string {
	const header = { type: "session", version: 3, id: "0000000r-0000-4000-8000-000000000000", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/r" };
	const lines = [JSON.stringify(header)];
	for (let i = 0; i < n; i++) {
		const word = i % 2 ? "XyLoPhOnE" : "xylophone";
		const text = i % 3 === 0 ? `${"日本語 é ".repeat(i % 7)}${word} ${"日本語 naïve é ".repeat(80 + (i % 11))}${i % 5 === 0 ? word : ""}` : `plain ${i} é`;
		lines.push(JSON.stringify({ type: "message", id: `r${i}`, parentId: i ? `r${i - 1}` : null, timestamp: `2026-01-01T00:${String(i % 60).padStart(2, "0")}:00.000Z`, message: { role: "user", content: text } }));
	}
	return `${lines.join("\n")}\n`;
}
