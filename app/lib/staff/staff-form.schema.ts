// The staff screen's forms (/admin/equipe): add a member, change a role or store, take access away.
import { z } from "~/lib/forms/validation";
import { ACCOUNT_ID_PATTERN } from "../account/admin-customers";
import { roleIsStoreBound, STAFF_ROLES } from "./staff-roles";

export const STAFF_MESSAGES = {
  role: "Escolha o perfil: Dono, Gerente ou Vendedor",
  storeRequired: "Escolha a loja do vendedor",
  storeUnknown: "Loja não encontrada",
  email: "Informe um e-mail válido",
  notFound: "Conta não encontrada na equipe",
  lastDono: "A loja precisa de pelo menos um Dono: dê o perfil de Dono a outra pessoa antes.",
  notYourself: "Você não pode tirar o seu próprio acesso. Peça a outro Dono.",
  alreadyStaff: "Esta pessoa já está na equipe: mude o perfil dela na lista.",
  intent: "Pedido inválido",
  changed: (name: string, role: string) => `${name} agora é ${role}.`,
  removed: (name: string) => `${name} não tem mais acesso ao painel.`,
  created: (email: string) => `Conta criada para ${email}. Passe a senha abaixo para a pessoa: ela não é mostrada de novo.`,
} as const;

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role });
const storeId = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? null : value),
  z.string().regex(/^\d{1,9}$/, STAFF_MESSAGES.storeUnknown).transform(Number).nullable(),
);
const userId = z.string({ error: STAFF_MESSAGES.notFound }).trim().regex(ACCOUNT_ID_PATTERN, STAFF_MESSAGES.notFound);

/** A Vendedor needs a store; the store of another role is ignored. */
function withStore<T extends { staffRole: (typeof STAFF_ROLES)[number]; storeId: number | null }>(value: T, ctx: z.RefinementCtx) {
  if (roleIsStoreBound(value.staffRole) && value.storeId === null) ctx.addIssue({ code: "custom", path: ["storeId"], message: STAFF_MESSAGES.storeRequired });
}

export const staffAddSchema = z
  .object({
    email: z.string({ error: STAFF_MESSAGES.email }).trim().toLowerCase().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, STAFF_MESSAGES.email),
    name: z.string().trim().max(100, "Use no máximo 100 caracteres").optional(),
    staffRole: role,
    storeId,
  })
  .superRefine(withStore);

export const staffChangeSchema = z.object({ userId, staffRole: role, storeId }).superRefine(withStore);

export const staffRemoveSchema = z.object({ userId });

/** The form's fields as the schemas read them. */
export function staffFormValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { email: text("email"), name: text("name"), staffRole: text("staffRole"), storeId: text("storeId"), userId: text("userId") };
}
