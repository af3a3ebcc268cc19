// /admin/avisos: the staff devices that receive new-order pushes. The subscription a browser's push
// service gives (endpoint and keys) is checked with this schema before it is stored.
import type { ActionResult } from "~/lib/forms/action-result";
import { z } from "~/lib/forms/validation";

export const PUSH_DEVICES_PATH = "/admin/avisos";

/** What the page lists: one browser of the signed-in staff member. */
export type PushDevice = { id: number; label: string; createdAt: string; lastSuccessAt: string | null; current?: boolean };

/** The page's answer: a success's line, or a refusal's (`errors.form`). */
export type PushDevicesResult = ActionResult;

const base64url = (bytes: number, message: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), message);

/** A browser's PushSubscription as JSON: an https push-service address, a P-256 public key (65 bytes) and a 16-byte auth secret. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: "Endereço de avisos inválido. Toque de novo em 'Receber avisos'." }).max(2048, "Endereço de avisos longo demais."),
  p256dh: base64url(65, "Chave do aparelho inválida. Toque de novo em 'Receber avisos'."),
  auth: base64url(16, "Chave do aparelho inválida. Toque de novo em 'Receber avisos'."),
});

export const pushDeviceIdSchema = z.coerce.number({ error: "Aparelho inválido" }).int("Aparelho inválido").positive("Aparelho inválido").max(Number.MAX_SAFE_INTEGER, "Aparelho inválido");

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/CrOS/, "Chromebook"],
  [/Linux/, "Linux"],
];
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser/, "Samsung Internet"],
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

/** "Android · Chrome": enough for the clerk to tell their devices apart, without storing the whole user agent. */
export function deviceLabel(userAgent: string | null): string {
  const agent = userAgent ?? "";
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  return [system, browser].filter(Boolean).join(" · ") || "Navegador desconhecido";
}
