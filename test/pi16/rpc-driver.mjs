// Runs in a Node ≥ 22.19 (test/helpers/modern-node.ts), never in the test process: pi 1.6's own
// RpcClient drives the built arbor (`node <cli> --mode rpc`). The plan arrives as one JSON object
// on stdin: { client: RpcClientOptions, steps: Step[] }. Each step's outcome is printed as one JSON
// line { step, ok, value | error }; the test asserts on those lines (test/pi16/rpc-run.ts).
//
// Steps:
//   { call: "prompt", args: [...] }        a client method, awaited; the value is what it returned
//   { start: "waitForIdle", args, as }      a method started now and awaited later by { wait: as }
//   { wait: "name" }                        the value of a started call
//   { event: "type", after?: n }            waits for the first event of `type` at index ≥ after
//   { answer: {confirmed: true} }           answers the newest open confirm question (pi's extension UI)
//   { events: true }                        the events seen so far (and the next cursor)
//   { send: {type, ...} }                   a command the client has no method for (arbor's own): its whole response
// In args and send, { $ref: [n, "a.0.b"] } stands for that path in the value of step n.
import { RpcClient } from "@earendil-works/pi-coding-agent";

const plan = JSON.parse(await new Promise((resolve) => {
	let text = "";
	process.stdin.setEncoding("utf8");
	process.stdin.on("data", (chunk) => (text += chunk));
	process.stdin.on("end", () => resolve(text));
}));

const client = new RpcClient(plan.client);
const events = [];
const answered = new Set();
const started = new Map();
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

function until(predicate, what, timeoutMs = 20_000) {
	return new Promise((resolve, reject) => {
		const found = predicate();
		if (found !== undefined) return resolve(found);
		const timer = setTimeout(() => {
			stop();
			reject(new Error(`timed out waiting for ${what}; stderr: ${client.getStderr()}`));
		}, timeoutMs);
		const stop = client.onEvent(() => {
			const hit = predicate();
			if (hit === undefined) return;
			clearTimeout(timer);
			stop();
			resolve(hit);
		});
	});
}

const values = [];
function resolve(value) {
	if (Array.isArray(value)) return value.map(resolve);
	if (value === null || typeof value !== "object") return value;
	if (Array.isArray(value.$ref)) {
		const [n, path] = value.$ref;
		return String(path).split(".").filter(Boolean).reduce((at, key) => at?.[key], values[n]);
	}
	return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
}

async function run(step) {
	if (step.call) return client[step.call](...resolve(step.args ?? []));
	if (step.start) {
		const promise = client[step.start](...(step.args ?? []));
		promise.catch(() => undefined);
		started.set(step.as ?? step.start, promise);
		return undefined;
	}
	if (step.wait) return started.get(step.wait);
	if (step.event) {
		const after = step.after ?? 0;
		return until(() => events.slice(after).find((e) => e.type === step.event && (!step.method || e.method === step.method)), `event ${step.event}`);
	}
	if (step.answer) {
		const open = () => events.find((e) => e.type === "extension_ui_request" && e.method === "confirm" && !answered.has(e.id));
		const question = await until(open, "a confirm question");
		answered.add(question.id);
		client.process.stdin.write(`${JSON.stringify({ type: "extension_ui_response", id: question.id, ...step.answer })}\n`);
		return question;
	}
	if (step.events) return { events: [...events], next: events.length };
	if (step.send) return client.send(resolve(step.send));
	throw new Error(`unknown step ${JSON.stringify(step)}`);
}

client.onEvent((event) => events.push(event));
let code = 0;
try {
	await client.start();
	for (const [index, step] of plan.steps.entries()) {
		try {
			values[index] = (await run(step)) ?? null;
			print({ step: index, ok: true, value: values[index] });
		} catch (error) {
			print({ step: index, ok: false, error: error instanceof Error ? error.message : String(error) });
			if (!step.mayFail) {
				code = 1;
				break;
			}
		}
	}
} finally {
	await client.stop();
}
// A started call still waiting (a waitForIdle that never saw agent_settled) must not hold the process.
process.exit(code);
