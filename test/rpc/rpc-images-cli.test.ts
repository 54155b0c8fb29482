import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { imageInfo } from "../../source/session/image-info.js";
import { sentMessages } from "../helpers/print-run.js";
import { textReply } from "../helpers/sse-server.js";
import { cleanUp, startRpc } from "./helpers.js";

afterEach(cleanUp);

/** A PNG of random pixels: 3000×2000 does not compress (~18 MB). */
async function noisePng(width: number, height: number): Promise<Buffer> {
	const sharp = (await import("sharp")).default;
	return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

describe("arbor --mode rpc with a picture larger than providers take (pi's RpcClient)", () => {
	it("sends it made smaller (2000 px, 4.5 MB of base64 at most) and stores what was sent", async () => {
		const rpc = await startRpc([textReply("noise")]);
		const big = await noisePng(3000, 2000);
		await rpc.client.promptAndWait("what is this?", [{ type: "image", data: big.toString("base64"), mimeType: "image/png" }], 30_000);
		const [user] = sentMessages(rpc.server.requests[0]!.body);
		const url: string = user.content.find((p: { type: string }) => p.type === "image_url").image_url.url;
		const [, mimeType, data] = /^data:(image\/\w+);base64,(.*)$/.exec(url)!;
		expect(data!.length).toBeLessThanOrEqual(4.5 * 1024 * 1024);
		expect(imageInfo(Buffer.from(data!, "base64"))).toMatchObject({ mimeType, width: 2000, height: 1333 });
		const messages = await rpc.client.getMessages();
		expect(messages[0]).toMatchObject({ role: "user", content: [{ type: "text", text: "what is this?" }, { type: "image", data, mimeType }] });
	});
});
