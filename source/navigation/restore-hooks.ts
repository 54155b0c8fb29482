/**
 * The extensions' restore events on a bus, as the hooks a Checkpointer calls
 * (checkpoints/checkpointer.ts `RestoreHooks`, which this shape matches): `session_before_restore`
 * may cancel, `session_restore` says what was done.
 */
import type { BeforeRestoreEvent, EventBus, RestoreEvent } from "../events/bus.js";

export function restoreHooksOn(bus: EventBus | undefined): { before(event: BeforeRestoreEvent): Promise<boolean>; after(event: RestoreEvent): Promise<void> } | undefined {
	if (!bus) return undefined;
	return {
		before: async (event) => (await bus.emit("session_before_restore", event)).cancel === true,
		after: async (event) => {
			await bus.emit("session_restore", event);
		},
	};
}
