// A local stand-in for Meta's Graph API (the WhatsApp Cloud API's messages endpoint) on loopback over
// real HTTP, and Meta's webhook calls to the shop, signed with the app secret as Meta signs them.
// Driven by the tests: it answers with a wamid, is down (503), rate-limits (130429) or refuses a
// number (131026); every send is kept as it came.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { WhatsAppConfig } from "~/server/config.server";

export type FakeSend = { to: string; template: string; language: string; parameters: string[]; authorization: string | undefined; wamid: string | null };

export type FakeWhatsApp = {
  /** WHATSAPP_API_URL: the Graph API base with its version. */
  apiUrl: string;
  config: WhatsAppConfig;
  /** Every send the fake received, in order (refused ones with wamid null). */
  sends: FakeSend[];
  /** What the next sends get: "answering", "down" (503), "rate-limited" (130429), "no-whatsapp" (131026 for every number). */
  mode: "answering" | "down" | "rate-limited" | "no-whatsapp";
  /** Meta's call to the shop's webhook: the body signed with the app secret (or with `secret`, a forger's). */
  webhook(origin: string, body: unknown, options?: { secret?: string; signature?: string | null }): Promise<Response>;
  /** A status call as Meta sends it for one message. */
  statusCall(wamid: string, status: "sent" | "delivered" | "read" | "failed", options?: { timestamp?: number; errorCode?: number; errorTitle?: string }): unknown;
  /** A shopper's text message to the shop's number. */
  inboundCall(fromDigits: string, text: string): unknown;
  close(): Promise<void>;
};

const PHONE_NUMBER_ID = "106540352242922";

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const token = `EAAG${randomBytes(24).toString("hex")}`;
  const appSecret = randomBytes(16).toString("hex");
  const fake = { sends: [] as FakeSend[], mode: "answering" as FakeWhatsApp["mode"] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const json = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (request.method !== "POST" || request.url !== `/v23.0/${PHONE_NUMBER_ID}/messages`) return json(404, { error: { message: "Unknown path", code: 100 } });
      if (request.headers.authorization !== `Bearer ${token}`) return json(401, { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } });
      let body: { to?: string; template?: { name?: string; language?: { code?: string }; components?: { parameters?: { text?: string }[] }[] } };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return json(400, { error: { message: "Invalid JSON", code: 100 } });
      }
      const send: FakeSend = {
        to: body.to ?? "",
        template: body.template?.name ?? "",
        language: body.template?.language?.code ?? "",
        parameters: (body.template?.components?.[0]?.parameters ?? []).map((parameter) => parameter.text ?? ""),
        authorization: request.headers.authorization,
        wamid: null,
      };
      fake.sends.push(send);
      if (fake.mode === "down") return response.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
      if (fake.mode === "rate-limited") return json(400, { error: { message: "(#130429) Rate limit hit", type: "OAuthException", code: 130429, error_data: { messaging_product: "whatsapp", details: "Cloud API message throughput has been reached." } } });
      if (fake.mode === "no-whatsapp") return json(400, { error: { message: "(#131026) Message undeliverable", type: "OAuthException", code: 131026, error_data: { messaging_product: "whatsapp", details: "Message undeliverable" } } });
      send.wamid = `wamid.HBgM${randomBytes(12).toString("hex").toUpperCase()}`;
      return json(200, { messaging_product: "whatsapp", contacts: [{ input: send.to, wa_id: send.to }], messages: [{ id: send.wamid }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`;
  const value = (change: object) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "5581999990000", phone_number_id: PHONE_NUMBER_ID }, ...change } }] }],
  });
  return Object.assign(fake, {
    apiUrl,
    config: { token, phoneNumberId: PHONE_NUMBER_ID, appSecret, verifyToken: "verificacao-da-loja-erick", apiUrl },
    webhook: (origin: string, body: unknown, options: { secret?: string; signature?: string | null } = {}) => {
      const raw = typeof body === "string" ? body : JSON.stringify(body);
      const signature = options.signature !== undefined ? options.signature : `sha256=${createHmac("sha256", options.secret ?? appSecret).update(raw).digest("hex")}`;
      return fetch(`${origin}/api/whatsapp/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-hub-signature-256": signature }) },
        body: raw,
      });
    },
    statusCall: (wamid: string, status: string, options: { timestamp?: number; errorCode?: number; errorTitle?: string } = {}) =>
      value({
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
            recipient_id: "5581999998888",
            ...(status === "failed" ? { errors: [{ code: options.errorCode ?? 131026, title: options.errorTitle ?? "Message undeliverable" }] } : {}),
          },
        ],
      }),
    inboundCall: (fromDigits: string, text: string) =>
      value({
        contacts: [{ profile: { name: "Cliente" }, wa_id: fromDigits }],
        messages: [{ from: fromDigits, id: `wamid.IN${randomBytes(8).toString("hex")}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
