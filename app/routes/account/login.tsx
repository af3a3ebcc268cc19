import { data, Form, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AccountCard, BackToShopLink, FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { GoogleIcon } from "~/components/account/google-icon";
import { AUTH_MESSAGES, LOGIN_LIMITS, loginSchema } from "~/lib/account/account.schema";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { pageMeta } from "~/lib/pages/meta";
import { safeRedirectPath } from "~/lib/pages/safe-redirect";
import { signInCodePath } from "~/lib/account/two-factor.schema";
import { signInWithPassword, startGoogleSignIn } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request, context)) throw redirect(redirectTo);
  return {
    redirectTo,
    googleEnabled: context.config.google !== null,
    // Better Auth comes back here with ?error=… when Google sign-in fails or is cancelled.
    googleFailed: url.searchParams.has("error"),
    passwordChanged: url.searchParams.get("senha") === "redefinida",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request));
  const redirectTo = safeRedirectPath(values.redirectTo);

  if (values.intent === "google") {
    if (!context.config.google) throw new Response("Google não configurado", { status: 404 });
    const google = await startGoogleSignIn(context, request, redirectTo);
    return redirect(google.url, { headers: google.headers });
  }

  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error), { email: values.email ?? "" }), { status: 400 });
  const result = await signInWithPassword(context, request, parsed.data);
  if (!result.ok) return data(actionRefusal(result.error, { email: parsed.data.email }), { status: 400 });
  if (result.codeRequired) return redirect(signInCodePath(redirectTo), { headers: result.headers });
  return redirect(redirectTo, { headers: result.headers });
}

export function meta() {
  return [...pageMeta({ title: "Entrar", description: "Entre na sua conta do Grupo Erick." }), { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, googleEnabled, googleFailed, passwordChanged } = loaderData;
  const { errors, props, field } = useForm({ schema: loginSchema, limits: LOGIN_LIMITS, result: actionData });
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const formError = errors.form ?? (actionData ? undefined : googleFailed ? AUTH_MESSAGES.googleFailed : undefined);

  return (
    <AccountCard title="Entrar" intro="Acompanhe seus pedidos e compre mais rápido.">
      <div className="space-y-4">
        {passwordChanged && !actionData ? <FormMessage tone="success">Senha redefinida. Entre com a nova senha.</FormMessage> : null}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

        {googleEnabled ? (
          <>
            <Form method="post">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                type="submit"
                name="intent"
                value="google"
                className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
              >
                <GoogleIcon />
                Entrar com Google
              </button>
            </Form>
            <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" />
              ou
              <span className="h-px flex-1 bg-slate-200" />
            </p>
          </>
        ) : null}

        <Form method="post" {...props} className="space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="E-mail" {...field("email")} type="email" autoComplete="email" inputMode="email" defaultValue={actionData?.data?.email} />
          <Field label="Senha" {...field("password")} type="password" autoComplete="current-password" />
          <div className="text-right text-sm">
            <Link to="/recuperar-senha" className="font-semibold text-brand-700 hover:underline">
              Esqueci minha senha
            </Link>
          </div>
          <SubmitButton busyLabel="Entrando…">Entrar</SubmitButton>
        </Form>

        <p className="text-center text-sm text-slate-700">
          Ainda não tem conta?{" "}
          <Link to={`/registrar${back}`} className="font-semibold text-brand-700 hover:underline">
            Criar conta
          </Link>
        </p>
        <BackToShopLink />
      </div>
    </AccountCard>
  );
}
