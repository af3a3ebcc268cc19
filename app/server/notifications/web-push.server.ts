import http from "node:http";
import https from "node:https";
import webPush from "web-push";
import type { PushNotice } from "#database/schema";
import { withDeadline } from "../outbound/deadline.server";
import type { VapidKeys } from "./vapid-keys.server";
import { pushEndpointProblem, pushServiceLookup, UnsafePushEndpointError, type PushEndpointPolicy } from "./push-endpoint.server";

/**
 * How long a push service keeps a push for a phone that is off or offline: past it the order is old
 * news, and the admin's list shows it anyway.
 */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
/**
 * How long one push service gets to answer: they answer in well under a second, and the queue sends
 * to every device at once (../notifications/push-queue.server.ts), so a slow service only delays its
 * own devices' pushes, retried later.
 */
export const SEND_TIMEOUT_MS = 5_000;

/** The push service refused: 404/410 means the subscription is gone for good. */
export class PushRefusedError extends Error {
  constructor(
    readonly statusCode: number,
    body: string,
  ) {
    super(`push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ""}`);
  }
}

/** A browser's push subscription as the shop keeps it (push_subscriptions). */
export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

export type PushTransport = (subscription: BrowserSubscription, notice: PushNotice) => Promise<void>;

/**
 * Sends through the subscription's push service: web-push signs (VAPID) and encrypts (aes128gcm), and
 * this posts it, only to a public push service (./push-endpoint.server.ts; `policy` lets the tests'
 * loopback one in). web-push's own sender speaks https only; posting here also lets the tests'
 * loopback push service be plain http.
 */
export function webPushTransport(keys: VapidKeys, { policy = {}, timeoutMs = SEND_TIMEOUT_MS }: { policy?: PushEndpointPolicy; timeoutMs?: number } = {}): PushTransport {
  const lookup = pushServiceLookup(policy);
  return async (subscription, notice) => {
    const problem = await pushEndpointProblem(subscription.endpoint, policy);
    if (problem) throw new UnsafePushEndpointError(problem);
    const details = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(notice), {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: "high",
      // A push service keeps only the newest push per topic for an offline phone: one per order.
      topic: notice.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
    });
    const url = new URL(details.endpoint);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    // The whole exchange, from the connection to the answer's last byte, not only idle time.
    await withDeadline("push service", timeoutMs, (signal) => new Promise<void>((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).request(url, { method: details.method, headers, lookup: lookup as never, signal }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (body.length < 4096) body += chunk;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new PushRefusedError(status, body));
        });
      });
      request.on("error", reject);
      request.end(details.body ?? undefined);
    }));
  };
}
