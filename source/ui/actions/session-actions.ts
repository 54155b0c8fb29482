import type { SessionStoreApi } from "../../session/api.js";
import type { SessionInfo } from "../../session/listing.js";
import { trashSession } from "../../session/trash.js";
import { errorMessage } from "../../text/error-text.js";


/** What the session picker's rename and delete do; each returns the line the picker shows. */
export type SessionActions = {
	rename(session: SessionInfo, name: string): { ok: boolean; text: string };
	trash(session: SessionInfo): { ok: boolean; text: string };
};

/**
 * Rename appends a `session_info` entry (through the open store for the current session, else by
 * opening the file as its writer); delete moves the file to `$ARBOR_HOME/trash/`.
 */
export function sessionActions(opts: { store: SessionStoreApi; open(file: string): SessionStoreApi; home: string }): SessionActions {
	return {
		rename(session, name) {
			try {
				if (session.file === opts.store.file) opts.store.setName(name);
				else {
					const other = opts.open(session.file);
					try {
						other.setName(name);
					} finally {
						other.close();
					}
				}
				return { ok: true, text: `Renamed to ${name}` };
			} catch (error) {
				return { ok: false, text: errorMessage(error) };
			}
		},
		trash(session) {
			if (session.file === opts.store.file) return { ok: false, text: "This session is open here: switch to another one first" };
			try {
				return { ok: true, text: `Moved to ${trashSession(session.file, opts.home)}` };
			} catch (error) {
				return { ok: false, text: errorMessage(error) };
			}
		},
	};
}
