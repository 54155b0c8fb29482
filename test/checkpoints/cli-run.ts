import { useCliProject } from "../helpers/cli-project.js";
import { entries } from "../helpers/print-run.js";
import { tempProject } from "./helpers.js";

/**
 * The fixture of the tests that run the built CLI on a project with checkpoints: {@link useCliProject}
 * on a `tempProject()` (project and home side by side, realpath'd).
 */
export const useProjectCli = () => useCliProject({ make: tempProject });

/** The session file's checkpoint entries. */
export const checkpointEntries = (file: string) => entries(file).filter((e) => e.type === "custom" && e.customType === "arbor.checkpoint");
