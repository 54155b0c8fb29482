/**
 * The checks of a one-shot run (AgentOpenOptions.oneShot: print mode), made before extensions load
 * and before tokens are spent: a chat model, one that takes the images sent, and a session folder
 * arbor may write in. Each failure is a usage error (exit 2).
 */
import { usageError } from "../config/errors.js";
import { noChatModelMessage, type ModelChoice } from "../config/model-config.js";
import type { ChatFlags, Place } from "../config/options.js";
import { mostRecentSession } from "../session/listing.js";
import { resolveSession } from "../session/resolve-session.js";
import { SessionStore } from "../session/store.js";
import { sharedDirCwd } from "../session/paths.js";
import { noImagesMessage, takesImages } from "../tools/attachments.js";
import { checkSessionWritable } from "./preflight.js";

/** Refuses a run without a chat model (naming the model of the session -s or -c would continue) or one that takes no images. */
export async function checkModelFor(oneShot: { images: boolean }, models: ModelChoice, flags: ChatFlags, where: Place): Promise<void> {
	if (!models.chat) {
		const file = typeof flags.session === "string" ? resolveSession(flags.session, where) : flags.continue ? mostRecentSession(where.sessionDir, sharedDirCwd(where)) : undefined;
		throw usageError(await noChatModelMessage(models, file ? SessionStore.open(file).snapshot() : undefined));
	}
	if (oneShot.images && !takesImages(models.chat)) throw usageError(noImagesMessage(models.chat));
}

/** Refuses a session whose file could not be written; the store is closed (unlocked) first. */
export function checkWritable(store: SessionStore): void {
	try {
		checkSessionWritable(store);
	} catch (error) {
		store.close();
		throw error;
	}
}
