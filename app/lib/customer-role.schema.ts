// /admin/clientes: making a customer an admin, or an admin a customer again.
import { z } from "~/lib/validation";

export const customerRoleFormSchema = z.object({
  userId: z.string().trim().min(1, "Cliente inválido").max(100),
  role: z.enum(["customer", "admin"], { error: "Permissão inválida" }),
});
