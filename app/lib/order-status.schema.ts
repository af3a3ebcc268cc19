import { z } from "~/lib/validation";
import { ORDER_STATUSES } from "./order-status";

/** The status dropdown of the admin order screens (list modal and /admin/pedidos/{id}). */
export const orderStatusFormSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Status inválido" }),
});

export type OrderStatusFormResult =
  | { ok: true; message: string; status: (typeof ORDER_STATUSES)[number]; updatedAt: string }
  | { ok: false; message: string; detail: string | null };

/** The spec's messages (section 8). */
export const ORDER_STATUS_MESSAGES = {
  success: "Status atualizado com sucesso!",
  failure: "Erro ao atualizar status",
} as const;
