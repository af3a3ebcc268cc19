// The account forms (login, registration, password reset, profile): each schema runs in the browser
// before submitting and again in the route's action, so a request that skips the browser gets the
// same pt-BR messages.
import { z } from "~/lib/forms/validation";
import type { FormLimits } from "../forms/form-limits";
import { isBrazilianPhone } from "../format/phone";
import { oneLine } from "../format/plain-text";
import { PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordProblem } from "./password-rule";

export { PASSWORD_LENGTH };

export const AUTH_MESSAGES = {
  fillAll: "Preencha todos os campos",
  wrongCredentials: "E-mail ou senha incorretos",
  googleFailed: "Erro ao fazer login com Google. Tente novamente.",
  tooManyAttempts: "Muitas tentativas. Aguarde um minuto e tente novamente.",
  nameRequired: "Nome é obrigatório",
  emailRequired: "E-mail é obrigatório",
  emailInvalid: "Informe um e-mail válido",
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordTooCommon: PASSWORD_MESSAGES.tooCommon,
  passwordsDiffer: "As senhas não conferem",
  emailTaken: "Este e-mail já está cadastrado",
  resetRequested: "Se este e-mail estiver cadastrado, você receberá um link para redefinir sua senha.",
  resetLinkInvalid: "Link inválido ou expirado. Solicite um novo.",
  phoneInvalid: "Informe o telefone com DDD",
  imageRefused: "A foto do perfil precisa ser um endereço https:// ou uma imagem da própria loja (/media/…), com no máximo 2 KB.",
} as const;

const minutes = (count: number) => `${count} minuto${count === 1 ? "" : "s"}`;

/** Sign-in (password or code) of one account paused after too many failures from any address. */
export const accountLockedMessage = (waitMinutes: number) => `Muitas tentativas para esta conta. Tente novamente em ${minutes(waitMinutes)}.`;

/** A per-address limit longer than a minute (sign-ups that met an e-mail already registered). */
export const tryAgainLaterMessage = (waitMinutes: number) => `Muitas tentativas. Tente novamente em ${minutes(waitMinutes)}.`;

export const PROFILE_LIMITS = { name: 100, email: 254, phone: 30, address: 300 } as const;

const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(PROFILE_LIMITS.email, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/**
 * The shared rule (./password-rule), the same one the server applies to Better Auth's endpoints. Its
 * length bound is also a check here, so the form's input takes its maxLength from the schema.
 */
const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_LENGTH.max, AUTH_MESSAGES.passwordTooLong)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem && password.length <= PASSWORD_LENGTH.max) ctx.addIssue({ code: "custom", message: problem });
  });

const name = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .overwrite(oneLine)
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(PROFILE_LIMITS.name, tooLong(PROFILE_LIMITS.name));

function confirmed<T extends { password: string; confirmPassword: string }>(data: T, ctx: z.RefinementCtx) {
  if (data.password !== data.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDiffer });
  }
}

/** /login. Empty fields get one message for the form, as on the earlier site's sign-in. */
export const loginSchema = z
  .object({ email: z.string().default(""), password: z.string().default("") })
  .transform((data) => ({ email: data.email.trim().toLowerCase(), password: data.password }))
  .superRefine((data, ctx) => {
    if (!data.email || !data.password) {
      ctx.addIssue({ code: "custom", path: ["form"], message: AUTH_MESSAGES.fillAll });
      return;
    }
    if (data.email.length > PROFILE_LIMITS.email || !z.email().safeParse(data.email).success) {
      ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.emailInvalid });
    }
    // Longer than any password we accept: it cannot be right, and hashing it would cost for nothing.
    if (data.password.length > PASSWORD_LENGTH.max) {
      ctx.addIssue({ code: "custom", path: ["form"], message: AUTH_MESSAGES.wrongCredentials });
    }
  });
export type LoginInput = z.infer<typeof loginSchema>;

/** /login's inputs take what registration takes; longer ones are answered by its schema, with one message for the form. */
export const LOGIN_LIMITS = { email: { maxLength: PROFILE_LIMITS.email }, password: { maxLength: PASSWORD_LENGTH.max } } satisfies FormLimits;

/** /registrar */
export const registerSchema = z
  .object({ name, email, password: newPassword, confirmPassword: z.string().default("") })
  .superRefine(confirmed);
export type RegisterInput = z.infer<typeof registerSchema>;

/** /recuperar-senha */
export const forgotPasswordSchema = z.object({ email });

/** /redefinir-senha?token=… */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetLinkInvalid }).min(1, AUTH_MESSAGES.resetLinkInvalid).max(200, AUTH_MESSAGES.resetLinkInvalid),
    password: newPassword,
    confirmPassword: z.string().default(""),
  })
  .superRefine(confirmed);

/** /conta: what the shopper may change about themselves (never the e-mail or the role). */
export const profileSchema = z.object({
  name,
  phone: z
    .string()
    .overwrite(oneLine)
    .max(PROFILE_LIMITS.phone, tooLong(PROFILE_LIMITS.phone))
    .default("")
    .refine((phone) => phone === "" || isBrazilianPhone(phone), { message: AUTH_MESSAGES.phoneInvalid }),
  address: z.string().overwrite(oneLine).max(PROFILE_LIMITS.address, tooLong(PROFILE_LIMITS.address)).default(""),
});
export type ProfileInput = z.infer<typeof profileSchema>;
