// The shop's VAPID key pair: push services accept a push only when it is signed with the private key
// whose public key the browser subscribed with (app/server/notifications/push-subscriptions.server.ts).
// A new pair would make every stored subscription useless, so it is kept like the session secret.
import path from "node:path";
import webPush from "web-push";
import { isVapidKeyPair, type AppConfig } from "../config.server";
import { readOrCreateSecretFile } from "../files/secret-file.server";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or the pair generated on the first start and kept in
 * DATA_DIR/vapid-keys.json, readable by the app only. Several instances must share one pair: give
 * them the same variables (or the same DATA_DIR file), or a device subscribed through one instance
 * would refuse the pushes of another.
 */
export function loadOrCreateVapidKeys(config: Pick<AppConfig, "dataDir" | "vapid">): VapidKeys {
  if (config.vapid.keys) return { ...config.vapid.keys, subject: config.vapid.subject };
  const file = path.join(config.dataDir, "vapid-keys.json");
  const stored: unknown = JSON.parse(readOrCreateSecretFile(file, () => `${JSON.stringify(webPush.generateVAPIDKeys())}\n`));
  const { publicKey, privateKey } = (stored ?? {}) as Record<string, unknown>;
  if (typeof publicKey !== "string" || typeof privateKey !== "string" || !isVapidKeyPair(publicKey, privateKey)) {
    throw new Error(`${file}: not a VAPID key pair; delete the file to make a new one (staff devices then subscribe again)`);
  }
  return { publicKey, privateKey, subject: config.vapid.subject };
}
