/**
 * pi 1.6's keybinding ids (its docs/keybindings.md) as arbor's actions, so a pi user's
 * keybindings.json works copied unchanged: each id with an arbor twin sets that action's keys;
 * one without (pi's kill ring, its fullscreen transcript, …) is one warning and is left out.
 */
import type { KeyAction } from "./keymap.js";

const PI_ACTIONS: Readonly<Record<string, KeyAction>> = {
	"tui.editor.cursorUp": "prompt.previous",
	"tui.editor.cursorDown": "prompt.next",
	"tui.editor.historyPrevious": "prompt.previous",
	"tui.editor.historyNext": "prompt.next",
	"tui.editor.cursorLeft": "line.left",
	"tui.editor.cursorRight": "line.right",
	"tui.editor.cursorWordLeft": "line.wordLeft",
	"tui.editor.cursorWordRight": "line.wordRight",
	"tui.editor.cursorLineStart": "line.start",
	"tui.editor.cursorLineEnd": "line.end",
	"tui.editor.deleteCharBackward": "line.deleteBackward",
	"tui.editor.deleteCharForward": "line.deleteForward",
	"tui.editor.deleteToLineStart": "line.deleteLine",
	"tui.input.newLine": "line.newLine",
	"tui.input.submit": "prompt.send",
	"tui.input.tab": "prompt.complete",
	"tui.select.up": "list.up",
	"tui.select.down": "list.down",
	"tui.select.pageUp": "list.pageUp",
	"tui.select.pageDown": "list.pageDown",
	"tui.select.confirm": "dialog.accept",
	"tui.select.cancel": "dialog.cancel",
	"app.interrupt": "prompt.stop",
	"app.clear": "prompt.clear",
	"app.exit": "prompt.quit",
	"app.editor.external": "prompt.externalEditor",
	"app.clipboard.pasteImage": "prompt.pasteImage",
	"app.session.rename": "picker.rename",
	"app.session.delete": "picker.trash",
	"app.model.cycleForward": "prompt.cycleModel",
	"app.thinking.cycle": "prompt.cycleThinking",
	"app.tools.expand": "prompt.expand",
	"app.tree.foldOrUp": "tree.fold",
	"app.tree.unfoldOrDown": "tree.unfold",
	"app.tree.editLabel": "tree.label",
	"app.tree.toggleLabelTimestamp": "tree.labelTimes",
	"app.tree.filter.noTools": "tree.filterNoTools",
	"app.tree.filter.userOnly": "tree.filterUser",
	"app.tree.filter.labeledOnly": "tree.filterLabeled",
	"app.tree.filter.all": "tree.filterAll",
};

/**
 * The arbor action of a pi id, or why it has none (the warning's text). pi's follow-up key is
 * arbor's Alt+Enter action when `steerOnEnter` (pi's Enter = steer, Alt+Enter = follow-up) is on;
 * by default arbor's Enter queues a follow-up while a reply runs, and the id is left out.
 */
export function piAction(id: string, steerOnEnter: boolean): { action: KeyAction } | { why: string } | undefined {
	if (id === "app.message.followUp") {
		return steerOnEnter ? { action: "prompt.steer" } : { why: `arbor queues a follow-up with Enter while a reply runs (set "steerOnEnter": true in settings.json for pi's Enter = steer, Alt+Enter = follow-up)` };
	}
	const action = PI_ACTIONS[id];
	if (action) return { action };
	return /^(app|tui)\./.test(id) ? { why: "a pi action arbor does not have" } : undefined;
}
