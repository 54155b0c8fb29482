/** A copy of the pi tree fixture with hostile text appended: markup and </script> in messages and labels. */
import { SessionStore } from "../../source/session/store.js";
import { fixtureCopy } from "../helpers/cli.js";

export const XSS_USER = "Look: <img src=x onerror=alert(1)> and </script><script>alert(2)</script>";
export const XSS_LABEL = "<img src=x onerror=alert(3)>";
export const XSS_ANSWER = "Here `</script>` and <b onmouseover=alert(4)>bold</b>\n\n```html\n<script>alert(5)</script>\n```\n\n[link](javascript:alert(6))";

export function xssSession(): { dir: string; file: string; userId: string; answerId: string } {
	const { dir, file } = fixtureCopy("pi-tree-session.jsonl");
	const store = SessionStore.open(file, { write: true });
	try {
		const user = store.appendMessage({ role: "user", content: XSS_USER, timestamp: Date.now() });
		const answer = store.appendMessage({
			role: "assistant",
			content: [{ type: "text", text: XSS_ANSWER }],
			stopReason: "stop",
			model: "m<script>",
			timestamp: Date.now(),
		});
		store.setLabel(user.id, XSS_LABEL);
		store.moveLeaf(answer.id);
		store.sync();
		return { dir, file, userId: user.id, answerId: answer.id };
	} finally {
		store.close();
	}
}
