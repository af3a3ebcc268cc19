import { z } from "~/lib/forms/validation";
import { ORDER_STATUSES } from "./order-status";

/** The field that confirms a change to 'Cancelado'. */
export const CONFIRM_CANCEL_FIELD = "confirmCancel";
const CANCEL_NOT_CONFIRMED = "Confirme o cancelamento: os produtos voltam para o estoque.";

/** The status dropdown of the admin order screens (list modal and /admin/pedidos/{id}). */
export const orderStatusFormSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: "Status inválido" }),
    confirmCancel: z.literal("1").optional(),
  })
  // Cancelling gives the stock back: only on purpose (the dialog, or the checkbox before the script runs).
  .refine((form) => form.status !== "cancelled" || form.confirmCancel === "1", { message: CANCEL_NOT_CONFIRMED, path: ["confirmCancel"] });

export type OrderStatusFormResult =
  | { ok: true; message: string; status: (typeof ORDER_STATUSES)[number]; updatedAt: string }
  | { ok: false; message: string; detail: string | null };

/** The spec's messages (section 8). */
export const ORDER_STATUS_MESSAGES = {
  success: "Status atualizado com sucesso!",
  failure: "Erro ao atualizar status",
} as const;
