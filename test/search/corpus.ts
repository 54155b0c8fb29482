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
