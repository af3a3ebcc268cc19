// The WhatsApp Business Platform's Cloud API (Meta's Graph API), as the shop uses it: one template
// message to one shopper. The answer is sorted into what the sender does next: keep the wamid, try
// again later (the API down, 5xx, a rate limit) or stop for good (a number without WhatsApp, a
// template Meta does not have). The token never leaves this module, not even in an error.
import type { WhatsAppConfig } from "../config.server";
import { DeadlineExceededError, withDeadline } from "../outbound/deadline.server";
import { WHATSAPP_LANGUAGE } from "~/lib/orders/whatsapp-templates";

/** A send is background work: it may take longer than a page would wait, still bounded. */
const SEND_DEADLINE_MS = 15_000;

/** Meta's codes that say "not now": its rate limits and its own temporary trouble. */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131048, 131056, 131000, 133004, 2]);

export type TemplateMessage = { to: string; template: string; parameters: string[] };

export type SendOutcome =
  | { kind: "accepted"; wamid: string }
  | { kind: "retry"; code: number | null; title: string }
  | { kind: "failed"; code: number | null; title: string };

export async function sendTemplateMessage(config: WhatsAppConfig, message: TemplateMessage): Promise<SendOutcome> {
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: WHATSAPP_LANGUAGE },
      components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
    },
  };
  let status: number;
  let answer: unknown;
  try {
    ({ status, answer } = await withDeadline("whatsapp send", SEND_DEADLINE_MS, async (signal) => {
      const response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: response.status, answer: parsed };
    }));
  } catch (error) {
    const title = error instanceof DeadlineExceededError ? "a Meta não respondeu a tempo" : "a Meta não pôde ser alcançada";
    return { kind: "retry", code: null, title };
  }
  const wamid = (answer as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
  if (status >= 200 && status < 300 && typeof wamid === "string" && wamid) return { kind: "accepted", wamid };
  const error = (answer as { error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } } } | null)?.error;
  const code = typeof error?.code === "number" ? error.code : null;
  const title = String(error?.error_data?.details ?? error?.message ?? `HTTP ${status}`).slice(0, 300);
  if (status >= 500 || status === 429 || (code !== null && RETRYABLE_CODES.has(code))) return { kind: "retry", code, title };
  if (status >= 200 && status < 300) return { kind: "retry", code: null, title: "resposta da Meta sem o id da mensagem" };
  return { kind: "failed", code, title };
}
