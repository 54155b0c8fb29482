/**
 * `session/request_permission` for write, edit and bash: the three choices arbor's terminal prompt
 * offers (allow once, always allow this tool in this session, reject) and what an answer means to
 * the tool gate. Anything but a chosen allow — a cancelled request, an unknown option, a failed
 * request — refuses the tool: it never runs unasked.
 */
import type { PermissionOption, RequestPermissionResponse } from "@agentclientprotocol/sdk/unstable";

export const PERMISSION_OPTIONS: PermissionOption[] = [
	{ optionId: "allow", name: "Allow once", kind: "allow_once" },
	{ optionId: "always", name: "Always allow this tool in this session", kind: "allow_always" },
	{ optionId: "reject", name: "Reject", kind: "reject_once" },
];

/** The client's answer as the tool gate's. */
export function permissionAnswer(response: RequestPermissionResponse | undefined): "yes" | "always" | "no" {
	const outcome = response?.outcome;
	if (outcome?.outcome !== "selected") return "no";
	if (outcome.optionId === "allow") return "yes";
	if (outcome.optionId === "always") return "always";
	return "no";
}
