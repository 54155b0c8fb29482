import { useCallback, useEffect, useState } from "react";
import type { Chat } from "./use-chat.js";

/**
 * Quitting in two steps: first render without the editor (so the terminal's last frame keeps no
 * slash menu or half-typed command), then abort a running reply and exit once it is written
 * (after which the store is closed).
 */
export function useQuit(chat: Chat, exit: () => void): { quitting: boolean; quit: () => void } {
	const [quitting, setQuitting] = useState(false);
	useEffect(() => {
		if (!quitting) return;
		chat.abort();
		void chat.idle().then(() => exit());
		// eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when quitting starts (a `chat` renewed meanwhile must not abort and exit again)
	}, [quitting]);
	const quit = useCallback(() => setQuitting(true), []);
	return { quitting, quit };
}

type Recorded = { provider: string; modelId: string } | null;

function recordedSpec(recorded: Recorded): string | undefined {
	return recorded?.provider && recorded.modelId ? `${recorded.provider}:${recorded.modelId}` : undefined;
}

/** The "no model" hint shown when sending, plus the model the session last used when it recorded one. */
export function hintWithSessionModel(hint: string, recorded: Recorded): string {
	const spec = recordedSpec(recorded);
	// The CLI may already name it (chooseModels reads the session's model too).
	return spec && !hint.includes(spec) ? `${hint} · this session used -m ${spec}` : hint;
}

/** The status line's short form: the session's model as the suggestion, else the general hint. */
export function statusModelHint(hint: string, recorded: Recorded): string {
	const spec = recordedSpec(recorded);
	return spec ? `no model — try -m ${spec} (this session's)` : hint;
}
