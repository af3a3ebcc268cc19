import http from "node:http";
import https from "node:https";
import webPush from "web-push";
import type { PushNotice } from "#database/schema";
import type { BrowserSubscription } from "./push-subscriptions.server";
import type { VapidKeys } from "./vapid-keys.server";

/**
 * How long a push service keeps a push for a phone that is off or offline: past it the order is old
 * news, and the admin's list shows it anyway.
 */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;

/** The push service refused: 404/410 means the subscription is gone for good. */
export class PushRefusedError extends Error {
  constructor(
    readonly statusCode: number,
    body: string,
  ) {
    super(`push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ""}`);
  }
}

export type PushTransport = (subscription: BrowserSubscription, notice: PushNotice) => Promise<void>;

/**
 * Sends through the subscription's push service: web-push signs (VAPID) and encrypts (aes128gcm), and
 * this posts it. web-push's own sender speaks https only; posting here also lets the tests' loopback
 * push service be plain http.
 */
export function webPushTransport(keys: VapidKeys): PushTransport {
  return async (subscription, notice) => {
    const details = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(notice), {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: "high",
      // A push service keeps only the newest push per topic for an offline phone: one per order.
      topic: notice.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
    });
    const url = new URL(details.endpoint);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    await new Promise<void>((resolve, reject) => {
      const request = (url.protocol === "https:" ? https : http).request(url, { method: details.method, headers, timeout: SEND_TIMEOUT_MS }, (response) => {
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
      request.on("timeout", () => request.destroy(new Error("push service did not answer in time")));
      request.on("error", reject);
      request.end(details.body ?? undefined);
    });
  };
}
