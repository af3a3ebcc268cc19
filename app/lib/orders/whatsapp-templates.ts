// The shop's own WhatsApp messages to a shopper (the WhatsApp Business Platform, docs/whatsapp.md):
// which message each status change sends, the template registered at Meta for it and its body
// parameters, and how the order window names a message's state. Client-safe: the order window and the
// server read the same names.
import type { OrderStatus } from "./order-status";
import type { DeliveryMethod } from "./status-messages";

/** What a message tells: a status the shopper wants to hear about, or her Pix arriving. */
export const WHATSAPP_TOPICS = ["pending", "pixPaid", "shipped", "pickupReady", "delivered", "cancelled"] as const;
export type WhatsAppTopic = (typeof WHATSAPP_TOPICS)[number];

/**
 * The body parameters a template takes, named after the status texts' placeholders ({nome}, {pedido},
 * {link}, {loja}, {endereco_loja}) plus the tracking code; the values are the ones the manual text uses.
 */
export type WhatsAppParameter = "nome" | "pedido" | "link" | "loja" | "endereco_loja" | "rastreio";

export type WhatsAppTemplate = { name: string; label: string; parameters: readonly WhatsAppParameter[] };

/** The templates to register at Meta (pt_BR, category Utility), one per topic: docs/whatsapp.md has their texts. */
export const WHATSAPP_TEMPLATES: Record<WhatsAppTopic, WhatsAppTemplate> = {
  pending: { name: "pedido_recebido", label: "Pedido recebido", parameters: ["nome", "pedido", "link"] },
  pixPaid: { name: "pedido_pix_pago", label: "Pix recebido", parameters: ["nome", "pedido", "link"] },
  shipped: { name: "pedido_enviado", label: "Enviado", parameters: ["nome", "pedido", "rastreio", "link"] },
  pickupReady: { name: "pedido_pronto_retirada", label: "Pronto para retirada", parameters: ["nome", "pedido", "loja", "endereco_loja", "link"] },
  delivered: { name: "pedido_entregue", label: "Entregue", parameters: ["nome", "pedido", "link"] },
  cancelled: { name: "pedido_cancelado", label: "Cancelado", parameters: ["nome", "pedido", "link"] },
};

export const WHATSAPP_LANGUAGE = "pt_BR";

/** The checkout's checkbox (never ticked in advance). */
export const WHATSAPP_CONSENT_LABEL = "Quero receber atualizações do pedido pelo WhatsApp";

/** The message a status change sends, or null ('Processando' is the shop's own step: no message). */
export function whatsappTopicForStatus(status: OrderStatus, deliveryMethod: DeliveryMethod | string): WhatsAppTopic | null {
  if (status === "processing") return null;
  if (status === "shipped") return deliveryMethod === "pickup" ? "pickupReady" : "shipped";
  return status;
}

export function isWhatsAppTopic(value: unknown): value is WhatsAppTopic {
  return typeof value === "string" && (WHATSAPP_TOPICS as readonly string[]).includes(value);
}

/** What a shown parameter says when the order has no value for it (Meta refuses an empty parameter). */
export const NO_TRACKING_CODE = "ainda sem código de rastreio";

/**
 * A parameter as Meta accepts it: no line breaks or tabs, no more than four spaces in a row, not
 * empty, at most 1,024 characters.
 */
export function whatsappParameterText(value: string): string {
  const text = value.replace(/[\r\n\t]+/g, " ").replace(/ {4,}/g, "   ").trim().slice(0, 1024);
  return text || "-";
}

export const WHATSAPP_MESSAGE_STATES = ["queued", "accepted", "sent", "delivered", "read", "failed", "skipped"] as const;
export type WhatsAppMessageState = (typeof WHATSAPP_MESSAGE_STATES)[number];

export const WHATSAPP_STATE_LABELS: Record<WhatsAppMessageState, string> = {
  queued: "Na fila",
  accepted: "Enviada",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou",
  skipped: "Não enviada",
};

/** Meta's error codes the clerk may meet, in her words. */
const FAILURE_REASONS: Record<number, string> = {
  131026: "número sem WhatsApp (ou que não pode receber a mensagem)",
  132001: "modelo de mensagem não aprovado (ou inexistente) na Meta",
  132000: "os dados do modelo não conferem com o aprovado na Meta",
  131047: "fora da janela de 24 horas",
  131050: "o cliente pediu para não receber mensagens da loja",
  130429: "limite de envios da Meta atingido",
  131049: "a Meta segurou a mensagem para não cansar o cliente",
  131021: "o número é o da própria loja",
  131051: "tipo de mensagem não aceito",
  368: "a conta da loja está bloqueada temporariamente na Meta",
  190: "o token de acesso da Meta expirou ou é inválido",
};

/** "número sem WhatsApp…", or the code and Meta's own title for an error it did not expect. */
export function whatsappFailureReason(code: number | null, title: string | null): string {
  if (code !== null && FAILURE_REASONS[code]) return FAILURE_REASONS[code];
  if (code === null) return title || "a Meta não respondeu depois de várias tentativas";
  return `erro ${code} da Meta${title ? `: ${title}` : ""}`;
}

/** One message as the order window shows it. */
export type WhatsAppMessageView = {
  topic: WhatsAppTopic;
  label: string;
  state: WhatsAppMessageState;
  stateLabel: string;
  /** pt-BR, when failed or not sent. */
  reason: string | null;
  at: string;
};

/**
 * Whether the order window offers the clerk's manual wa.me link. The switch off: no WhatsApp notice
 * at all. WhatsApp not set up: the manual link, as before. Set up: only when no automatic message is
 * on its way for the order's status (none queued for it, or it failed or was not sent).
 */
export function manualWhatsAppLinkOffered(input: {
  automatic: boolean;
  switchOn: boolean;
  topic: WhatsAppTopic | null;
  messages: Pick<WhatsAppMessageView, "topic" | "state">[];
}): boolean {
  if (!input.switchOn) return false;
  if (!input.automatic || input.topic === null) return true;
  const current = input.messages.find((message) => message.topic === input.topic);
  return !current || current.state === "failed" || current.state === "skipped";
}
