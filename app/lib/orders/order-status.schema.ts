import type { ActionResult } from "~/lib/forms/action-result";
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

/**
 * The dropdown's answer: a success with the status saved; a refusal with the spec's failure line
 * (`errors.form`) and why, when known (`errors.status`).
 */
export type OrderStatusFormResult = ActionResult<{ status: (typeof ORDER_STATUSES)[number]; updatedAt: string }>;

/** The spec's messages (section 8). */
export const ORDER_STATUS_MESSAGES = {
  success: "Status atualizado com sucesso!",
  failure: "Erro ao atualizar status",
} as const;
