/**
 * A `todo` tool whose list belongs to the branch: every change is a `custom` entry on the path, and
 * the list is read back from the path. Jump back in /tree (or `arbor navigate`) and the list is as
 * it was there; a branch from that point starts from that list. In the chat the list shows above
 * the editor (a widget) and follows the moves; `/todos` says it in the status line.
 */
import type { ExtensionAPI, ExtensionContext, SessionEntry } from "arbor/extensions";

type Change = { action: "add"; text: string } | { action: "done"; number: number };
type Todo = { text: string; done: boolean };

const isChange = (entry: SessionEntry): entry is SessionEntry & { type: "custom"; customType: "todo"; data: Change } =>
	entry.type === "custom" && (entry as { customType?: string }).customType === "todo";

function apply(list: Todo[], change: Change): string | undefined {
	if (change.action === "add") {
		list.push({ text: change.text, done: false });
		return undefined;
	}
	const todo = list[change.number - 1];
	if (!todo) return `there is no todo ${change.number} (the list has ${list.length})`;
	todo.done = true;
	return undefined;
}

const show = (list: Todo[]) => (list.length === 0 ? "no todos" : list.map((t, i) => `${i + 1}. [${t.done ? "x" : " "}] ${t.text}`).join("\n"));

export default function (arbor: ExtensionAPI) {
	// Changes made in the running turn: written after the turn's own entries, so not on the path yet.
	let pending: Change[] = [];
	arbor.on("turn_end", () => {
		pending = [];
	});
	const current = (path: SessionEntry[]): Todo[] => {
		const list: Todo[] = [];
		for (const entry of path) if (isChange(entry)) apply(list, entry.data);
		for (const change of pending) apply(list, change);
		return list;
	};
	// The branch's list above the editor (nothing where there is no UI), after every move and change.
	const widget = (ctx: ExtensionContext) => {
		const list = current(ctx.session.path());
		ctx.ui.setWidget("todos", list.length === 0 ? undefined : ["Todos on this branch:", ...show(list).split("\n")]);
	};
	arbor.on("session_start", (_event, ctx) => widget(ctx));
	arbor.on("session_tree", (_event, ctx) => widget(ctx));
	arbor.registerTool({
		name: "todo",
		description: "The todo list of this conversation branch: add an item, mark item N done, or list them.",
		parameters: {
			type: "object",
			properties: {
				action: { type: "string", enum: ["add", "done", "list"] },
				text: { type: "string", description: "the item, for add" },
				number: { type: "number", description: "the item's number, for done" },
			},
			required: ["action"],
		},
		execute: (args, ctx) => {
			const list = current(ctx.session.path());
			const action = args.action;
			if (action === "list") return show(list);
			const change: Change | undefined =
				action === "add" && typeof args.text === "string" && args.text.trim() !== ""
					? { action: "add", text: args.text.trim() }
					: action === "done" && typeof args.number === "number"
						? { action: "done", number: args.number }
						: undefined;
			if (!change) return { output: 'use {"action": "add", "text": …}, {"action": "done", "number": …} or {"action": "list"}', isError: true };
			const problem = apply(list, change);
			if (problem) return { output: problem, isError: true };
			arbor.appendEntry("todo", change);
			pending.push(change);
			widget(ctx);
			return show(list);
		},
	});
	arbor.registerCommand("todos", { description: "this branch's todo list", handler: (_args, ctx) => ctx.ui.notify(show(current(ctx.session.path())).replace(/\n/g, " · ")) });
}
