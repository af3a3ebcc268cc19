// The two-factor sign-in forms (/conta/duas-etapas and the code step of /login): checked in the
// browser before submitting and again in the actions, with the same pt-BR messages.
import { z } from "~/lib/forms/validation";
import { PASSWORD_LENGTH } from "./account.schema";

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Digite o código de 6 números do aplicativo autenticador ou um código de recuperação",
  wrongCode: "Código incorreto. Confira o código atual no aplicativo autenticador e tente de novo.",
  wrongBackupCode: "Código de recuperação incorreto ou já usado.",
  codeAlreadyUsed: "Este código já foi usado. Entre com sua senha de novo e digite o próximo código do aplicativo.",
  challengeExpired: "A verificação expirou ou teve tentativas demais. Entre com sua senha de novo.",
  accountLocked: "Muitos códigos errados seguidos. Por segurança, aguarde 15 minutos e tente de novo.",
  passwordRequired: "Digite sua senha",
  wrongPassword: "Senha incorreta",
  alreadyOn: "A verificação em duas etapas já está ativada.",
  setupMissing: "Comece de novo: clique em 'Ativar' e digite sua senha.",
} as const;

/** Backup codes as Better Auth makes them: ten letters and digits, shown as "AbC12-dEf34". */
const BACKUP_CODE = /^([A-Za-z0-9]{5})-?([A-Za-z0-9]{5})$/;

/**
 * The code of the second step: six digits from the authenticator app, or a backup code (spaces and
 * a missing hyphen forgiven, since people copy them from paper).
 */
export const twoFactorCodeSchema = z
  .object({ code: z.string().max(24, TWO_FACTOR_MESSAGES.codeRequired).default("") })
  .transform(({ code }, ctx) => {
    const typed = code.replace(/\s+/g, "");
    if (/^\d{6}$/.test(typed)) return { kind: "totp" as const, code: typed };
    const backup = BACKUP_CODE.exec(typed);
    if (backup) return { kind: "backup" as const, code: `${backup[1]}-${backup[2]}` };
    ctx.addIssue({ code: "custom", path: ["code"], message: TWO_FACTOR_MESSAGES.codeRequired });
    return z.NEVER;
  });
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;

/** The longest setup code accepted as typed (six digits, with room for spaces). */
const SETUP_CODE_MAX_LENGTH = 12;
const SETUP_CODE_MESSAGE = "Digite o código de 6 números que aparece no aplicativo";

/** Turning on the authenticator step: only six digits make sense here, backup codes do not exist yet. */
export const setupCodeSchema = z.object({
  code: z
    .string()
    .max(SETUP_CODE_MAX_LENGTH, SETUP_CODE_MESSAGE)
    .default("")
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, SETUP_CODE_MESSAGE)),
});

/** Turning two-factor sign-in on or off, or making new backup codes, asks for the current password. */
export const currentPasswordSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
    // Longer than any password we accept: it cannot be right, and hashing it would cost for nothing.
    .max(PASSWORD_LENGTH.max, TWO_FACTOR_MESSAGES.wrongPassword),
});

/** `/login/verificacao?redirectTo=…`: the code step of a sign-in that should end at `redirectTo`. */
export function signInCodePath(redirectTo: string): string {
  return redirectTo && redirectTo !== "/" ? `/login/verificacao?redirectTo=${encodeURIComponent(redirectTo)}` : "/login/verificacao";
}
