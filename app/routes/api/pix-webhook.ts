import { handlePixWebhook } from "~/server/payments/pix-webhook.server";
import type { Route } from "./+types/pix-webhook";

// The Pix provider's call when money arrives: /api/pix/webhook/{secret} (Mercado Pago) or
// /api/pix/webhook/{secret}/pix (the Banco Central's providers add "/pix"). Only a hint: the charge
// is read again from the provider (app/server/payments/pix-webhook.server.ts).
export async function action({ request, context, params }: Route.ActionArgs) {
  const match = /^([A-Za-z0-9_-]+)(?:\/pix)?\/?$/.exec(params["*"] ?? "");
  if (!match) return new Response("Não encontrado", { status: 404 });
  return handlePixWebhook(context, request, match[1]!);
}

/** Only the provider's POST means anything here; a visit is told so. */
export function loader() {
  return new Response("Método não permitido.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
