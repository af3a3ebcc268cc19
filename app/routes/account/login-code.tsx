import { data, Form, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AccountCard, BackToShopLink, FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { pageMeta } from "~/lib/pages/meta";
import { loginPath, safeRedirectPath } from "~/lib/pages/safe-redirect";
import { twoFactorCodeSchema } from "~/lib/account/two-factor.schema";
import { getCurrentUser } from "~/server/auth/guards.server";
import { finishSignInWithCode, hasPendingSignIn } from "~/server/auth/two-factor.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/login-code";

// The second step of signing in, for accounts with two-factor sign-in on: /login sends the browser
// here after the right password, with the cookie of the pending sign-in.
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getCurrentUser(request, context)) throw redirect(redirectTo);
  if (!hasPendingSignIn(context, request)) throw redirect(loginPath(redirectTo));
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request));
  const redirectTo = safeRedirectPath(values.redirectTo);
  const parsed = twoFactorCodeSchema.safeParse(values);
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error), { restart: false }), { status: 400 });
  const result = await finishSignInWithCode(context, request, parsed.data);
  if (!result.ok) {
    const errors = result.field ? { [result.field]: result.error } : { form: result.error };
    return data(actionRefusal(errors, { restart: result.restart ?? false }), { status: 400, headers: result.headers });
  }
  return redirect(redirectTo, { headers: result.headers });
}

export function meta() {
  return [...pageMeta({ title: "Verificação em duas etapas", description: "Confirme que é você." }), { name: "robots", content: "noindex" }];
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { errors, props, field } = useForm({ schema: twoFactorCodeSchema, limits: formLimits(twoFactorCodeSchema), result: actionData });

  return (
    <AccountCard title="Verificação em duas etapas" intro="Abra o aplicativo autenticador e digite o código de 6 números que ele mostra agora.">
      <div className="space-y-4">
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        {actionData?.data?.restart ? (
          <p className="text-center">
            <Link to={loginPath(redirectTo)} className="font-semibold text-brand-700 hover:underline">
              Entrar de novo
            </Link>
          </p>
        ) : (
          <Form method="post" {...props} className="space-y-4">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              label="Código"
              {...field("code")}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              hint="Sem acesso ao aplicativo? Digite um dos seus códigos de recuperação (cada um vale uma vez)."
            />
            <SubmitButton busyLabel="Verificando…">Verificar</SubmitButton>
          </Form>
        )}
        <BackToShopLink />
      </div>
    </AccountCard>
  );
}
