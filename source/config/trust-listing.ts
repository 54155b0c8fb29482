/**
 * What a project's `.arbor/` would do, as lines: the chat's trust dialog and `arbor trust` both
 * show it before the user trusts. The baseUrl comes first: it is where the user's keys would go.
 */
import { counted } from "../text/count.js";
import type { ProjectContent } from "./trust-content.js";

/** One line of the listing; `warn` lines are shown prominently (the dialog colours them). */
type ListingLine = { text: string; warn?: boolean };

function settingLines(content: ProjectContent): ListingLine[] {
	const h = content.highlights;
	const lines: ListingLine[] = [];
	if (h.problem) lines.push({ text: `.arbor/settings.json: ${h.problem} (arbor will stop on it)`, warn: true });
	if (h.baseUrl !== undefined) lines.push({ text: `baseUrl ${h.baseUrl}: your API key for the model is sent there`, warn: true });
	if (h.model !== undefined) lines.push({ text: `model ${h.model}` });
	if (h.tools) lines.push({ text: `tools ${h.tools.join(", ") || "(none)"}`, warn: h.tools.includes("bash") });
	if (h.shellCommandPrefix !== undefined) lines.push({ text: `shellCommandPrefix (runs before every command): ${h.shellCommandPrefix.replace(/\s*\n\s*/g, "; ")}`, warn: true });
	if (h.addDirs?.length) lines.push({ text: `addDirs (the file tools may use them): ${h.addDirs.join(", ")}`, warn: true });
	if (h.checkpointsOff) lines.push({ text: "checkpoints off", warn: true });
	return lines;
}

/** The listing: the settings that matter, then the extensions (they run as you), then the other files. */
export function trustListing(content: ProjectContent): ListingLine[] {
	const extensions = content.files.filter((f) => f.kind === "extension");
	const others = content.files.filter((f) => f.kind !== "extension");
	return [
		...settingLines(content),
		...(extensions.length > 0 ? [{ text: `${counted(extensions.length, "extension")} (code that runs as you): ${extensions.map((f) => f.path).join(", ")}`, warn: true }] : []),
		...others.map((f) => ({ text: `${f.path} (${f.kind})` })),
	];
}
