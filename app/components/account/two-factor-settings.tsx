import { Form, Link } from "react-router";
import { FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import type { ActionResult } from "~/lib/forms/action-result";

/** The page's action answer: `intent` says which form it answered. */
type TwoFactorResult = ActionResult<{ intent: string }>;
import { formLimits } from "~/lib/forms/form-limits";
import { currentPasswordSchema, setupCodeSchema } from "~/lib/account/two-factor.schema";

const buttonClass = "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";
const passwordLimits = formLimits(currentPasswordSchema);
const setupCodeLimits = formLimits(setupCodeSchema);

/**
 * A form that asks for the current password again (every change here does), with the action's errors
 * when it answered this form.
 */
function PasswordForm({ result, className, children }: { result?: TwoFactorResult; className: string; children: React.ReactNode }) {
  const form = useForm({ schema: currentPasswordSchema, limits: passwordLimits, result });
  return (
    <Form method="post" {...form.props} className={className}>
      {form.errors.form ? <FormMessage tone="error">{form.errors.form}</FormMessage> : null}
      <Field label="Sua senha atual" {...form.field("password")} type="password" autoComplete="current-password" />
      {children}
    </Form>
  );
}

/** Off: what it is, and "Ativar" with the password (accounts without one cannot use it). */
export function TwoFactorOff({ hasPassword, result }: { hasPassword: boolean; result?: TwoFactorResult }) {
  if (!hasPassword) {
    return (
      <p className="mt-4 text-slate-700">
        Sua conta entra com o Google e não tem senha. Para usar a verificação em duas etapas, crie uma senha em{" "}
        <Link to="/recuperar-senha" className="font-semibold text-brand-700 hover:underline">
          Esqueci minha senha
        </Link>
        .
      </p>
    );
  }
  return (
    <PasswordForm result={result} className="mt-5 space-y-4">
      <div className="sm:w-56">
        <SubmitButton name="intent" value="enable" busyLabel="Ativando…">
          Ativar
        </SubmitButton>
      </div>
    </PasswordForm>
  );
}

/** Pending: the QR code and the secret for the app, then the first code to confirm it. */
export function TwoFactorSetup({ qrSvg, secret, result }: { qrSvg: string; secret: string; result?: TwoFactorResult }) {
  const codeForm = useForm({ schema: setupCodeSchema, limits: setupCodeLimits, result });
  return (
    <div className="mt-5 space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-slate-700">
        <li>Instale um aplicativo autenticador no celular (Google Authenticator, Microsoft Authenticator, Authy…).</li>
        <li>No aplicativo, escolha adicionar uma conta e leia o QR Code abaixo.</li>
        <li>Digite o código de 6 números que o aplicativo mostrar.</li>
      </ol>
      {/* Server-made SVG (app/server/media/qr-code.server.ts): no script, no request to a third party. */}
      <div className="w-56" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <div>
        <p className="text-sm font-semibold text-slate-800">Não consegue ler o QR Code? Digite esta chave no aplicativo:</p>
        <p className="mt-1 break-all font-mono text-base tracking-wide text-slate-900" data-testid="two-factor-secret">
          {secret}
        </p>
      </div>
      <Form method="post" {...codeForm.props} className="space-y-4">
        {codeForm.errors.form ? <FormMessage tone="error">{codeForm.errors.form}</FormMessage> : null}
        <Field
          label="Código do aplicativo"
          {...codeForm.field("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
        />
        <div className="sm:w-56">
          <SubmitButton name="intent" value="confirm" busyLabel="Confirmando…">
            Confirmar e ativar
          </SubmitButton>
        </div>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="cancel" className={buttonClass}>
          Cancelar
        </button>
      </Form>
    </div>
  );
}

/** The backup codes, on the one page load after they were made. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-amber-900">Seus códigos de recuperação</h3>
      <p className="mt-1 text-sm text-amber-900">
        Guarde estes códigos em lugar seguro (anote ou imprima). Se perder o celular, cada um deles entra uma vez no lugar do código do
        aplicativo. <strong>Eles não serão mostrados de novo.</strong>
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-base text-slate-900" aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** On: new backup codes, or turning it off, each with the password. */
export function TwoFactorOn({ result }: { result?: TwoFactorResult }) {
  const answered = (intent: string) => (result?.data?.intent === intent ? result : undefined);
  return (
    <div className="mt-5 grid gap-6 sm:grid-cols-2">
      <div className="space-y-3">
        <h3 className="font-bold">Novos códigos de recuperação</h3>
        <p className="text-sm text-slate-600">Os códigos atuais deixam de valer.</p>
        <PasswordForm result={answered("new-codes")} className="space-y-3">
          <SubmitButton name="intent" value="new-codes" busyLabel="Gerando…">
            Gerar novos códigos
          </SubmitButton>
        </PasswordForm>
      </div>
      <div className="space-y-3">
        <h3 className="font-bold">Desativar</h3>
        <p className="text-sm text-slate-600">Depois disso, a senha basta para entrar.</p>
        <PasswordForm result={answered("disable")} className="space-y-3">
          <SubmitButton name="intent" value="disable" busyLabel="Desativando…">
            Desativar
          </SubmitButton>
        </PasswordForm>
      </div>
    </div>
  );
}

/** The account page's pointer to /conta/duas-etapas. */
export function TwoFactorSummary({ state }: { state: "on" | "off" }) {
  return (
    <section aria-labelledby="duas-etapas" className="mt-8 rounded-2xl border border-slate-200 p-6">
      <h2 id="duas-etapas" className="text-lg font-bold">
        Verificação em duas etapas
      </h2>
      <p className="mt-1 text-slate-700">
        {state === "on"
          ? "Ativada: ao entrar, pedimos também o código do aplicativo autenticador."
          : "Desativada. Proteja o acesso ao painel pedindo, além da senha, um código do celular."}
      </p>
      <Link to="/conta/duas-etapas" className={`mt-4 inline-block ${buttonClass}`}>
        {state === "on" ? "Gerenciar" : "Ativar verificação em duas etapas"}
      </Link>
    </section>
  );
}
