// /admin/clientes: making a customer an admin, or an admin a customer again.
import { z } from "~/lib/forms/validation";
import { ACCOUNT_ID_PATTERN } from "./admin-customers";

export const customerRoleFormSchema = z.object({
  userId: z.string().trim().regex(ACCOUNT_ID_PATTERN, "Cliente inválido"),
  role: z.enum(["customer", "admin"], { error: "Permissão inválida" }),
});
