/** `/fanout [N] [--models a,b,c] [--check "<command>"] <prompt>` (docs/fanout.md): the chat's words → a fan-out's fields. */

/** What `/fanout` asks for; `count` and `models` as `arbor fanout`'s `-n` and `--models`. */
export type FanoutArgs = { count?: number; models?: string[]; check?: string; prompt: string };

/** The default number of branches when neither N nor --models is given. */
export const DEFAULT_CHAT_BRANCHES = 2;

/** Parses the words after `/fanout`; a string is the usage error to show. */
export function parseFanoutArgs(text: string): FanoutArgs | string {
	let rest = text.trim();
	const out: Omit<FanoutArgs, "prompt"> = {};
	for (;;) {
		const count = /^(\d+)(?:\s+|$)/.exec(rest);
		const models = /^--models(?:=|\s+)(\S+)(?:\s+|$)/.exec(rest);
		const check = /^--check(?:=|\s+)(?:"([^"]*)"|'([^']*)'|(\S+))(?:\s+|$)/.exec(rest);
		const match = count ?? models ?? check;
		if (!match) break;
		if (count) out.count = Number(count[1]);
		if (models) out.models = (models[1] ?? "").split(",").filter((m) => m !== "");
		if (check) out.check = check[1] ?? check[2] ?? check[3];
		rest = rest.slice(match[0].length);
	}
	if (rest === "") return 'Usage: /fanout [N] [--models a,b,c] [--check "<command>"] <prompt>';
	if (out.count !== undefined && out.count < 1) return "/fanout needs at least 1 branch";
	if (out.count === undefined && !out.models?.length) out.count = DEFAULT_CHAT_BRANCHES;
	return { ...out, prompt: rest };
}
