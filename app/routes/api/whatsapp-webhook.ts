import { answerWhatsAppHandshake, receiveWhatsAppWebhook } from "~/server/orders/whatsapp-webhook.server";
import type { Route } from "./+types/whatsapp-webhook";

// Meta's webhook for the shop's WhatsApp number: the set-up handshake (GET) and the signed calls
// with the messages' statuses and the shoppers' replies (POST), app/server/orders/whatsapp-webhook.server.ts.
export function loader({ request, context }: Route.LoaderArgs) {
  return answerWhatsAppHandshake(context.config, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return receiveWhatsAppWebhook(context, request);
}
