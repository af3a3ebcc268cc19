// A push service on 127.0.0.1 (what Google's, Apple's or Mozilla's is to a real phone), and browsers
// that subscribe to it: each with its own P-256 key pair and auth secret, so a test can decrypt what
// the shop sent exactly as the phone would.
import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

export type ReceivedPush = { endpoint: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type LoopbackPushService = {
  origin: string;
  received: ReceivedPush[];
  /** The status the next pushes to `endpoint` get (201 by default), e.g. 410 for an expired subscription. */
  answer(endpoint: string, status: number): void;
  /** Every push waits this long before its answer (to make two senders overlap). */
  delayMs: number;
  /** While true, pushes are received but not answered until release() (a push service that is slow). */
  hold: boolean;
  release(): void;
  /** Pushes answered so far. */
  answered: number;
  close(): Promise<void>;
};

export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const service: LoopbackPushService = {
    origin: "",
    received,
    answer: (endpoint, status) => void answers.set(new URL(endpoint).pathname, status),
    delayMs: 0,
    hold: false,
    release: () => {
      service.hold = false;
      for (const answer of held.splice(0)) answer();
    },
    answered: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const held: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ endpoint: `${service.origin}${path}`, headers: request.headers, body: Buffer.concat(chunks) });
      const answer = () => {
        service.answered++;
        response.writeHead(answers.get(path) ?? 201).end();
      };
      if (service.hold) held.push(answer);
      else setTimeout(answer, service.delayMs);
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

export type TestBrowser = { endpoint: string; p256dh: string; auth: string; decrypt(body: Buffer): unknown };

/** A browser's subscription on `service`: what pushManager.subscribe() would give, and its private key. */
export function subscribedBrowser(service: LoopbackPushService): TestBrowser {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    endpoint: `${service.origin}/push/${randomBytes(6).toString("hex")}`,
    p256dh: keys.getPublicKey().toString("base64url"),
    auth,
    decrypt: (body) => JSON.parse(decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret: auth }).toString("utf8")) as unknown,
  };
}
