import { checkoutSchema, orderLinesField } from "~/lib/checkout.schema";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import { z } from "~/lib/validation";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { emailNewOrder, wantsNewOrderEmail } from "./order-notifications.server";
import { getOrderByToken, OrderRejectedError, placeOrder } from "./orders.server";
import { getSettings } from "../shop/settings.server";

const CUSTOMER_FIELDS = Object.keys(checkoutSchema.shape);

const envelopeSchema = z.object({
  lines: orderLinesField,
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Formulário expirado. Atualize a página e tente novamente."),
});

export type OrderSubmissionResult =
  | { ok: true; token: string; created: boolean }
  | { ok: false; status: 400 | 409; errors: FieldErrors; formError: string | null };

/**
 * Reads a submitted order form (the checkout's, or the cart's quick path when `withCustomer` is false),
 * validates it with the same schemas the browser uses, and records the order.
 */
export async function submitOrderForm(
  db: Database,
  form: FormData,
  options: { withCustomer: boolean; userId: string | null; config?: AppConfig; origin?: string },
): Promise<OrderSubmissionResult> {
  const envelope = envelopeSchema.safeParse({ lines: form.get("lines") ?? undefined, idempotencyKey: form.get("idempotencyKey") ?? undefined });
  let customer = null;
  let errors: FieldErrors = {};
  if (options.withCustomer) {
    const values = Object.fromEntries(
      CUSTOMER_FIELDS.flatMap((field) => {
        const value = form.get(field);
        return typeof value === "string" ? [[field, value]] : [];
      }),
    );
    const parsed = checkoutSchema.safeParse(values);
    if (parsed.success) customer = parsed.data;
    else errors = fieldErrors(parsed.error);
  }
  if (!envelope.success || Object.keys(errors).length > 0) {
    const envelopeError = envelope.success ? null : (envelope.error.issues[0]?.message ?? "Pedido inválido");
    return { ok: false, status: 400, errors, formError: envelopeError };
  }

  try {
    const settings = await getSettings(db);
    const { token, created } = await placeOrder(db, settings, {
      idempotencyKey: envelope.data.idempotencyKey,
      lines: envelope.data.lines,
      customer,
      userId: options.userId,
    });
    if (created && options.config && wantsNewOrderEmail(settings)) {
      // The shopper does not wait on the mail server; a failure is logged, the order stands.
      void notifyShop(db, options.config, settings, token, options.origin ?? "").catch((error: unknown) =>
        console.error("[orders] new-order e-mail failed:", error instanceof Error ? error.message : error),
      );
    }
    return { ok: true, token, created };
  } catch (error) {
    if (error instanceof OrderRejectedError) return { ok: false, status: 409, errors: {}, formError: error.message };
    throw error;
  }
}

async function notifyShop(db: Database, config: AppConfig, settings: Awaited<ReturnType<typeof getSettings>>, token: string, origin: string) {
  const order = await getOrderByToken(db, settings, token);
  if (order) await emailNewOrder(config, settings, order, `${origin}/pedido/${token}`);
}
