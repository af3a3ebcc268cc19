import { data, Form, Link, redirect } from "react-router";
import { AccountCard, FormMessage, SubmitButton } from "~/components/account/account-card";
import { useFormErrors } from "~/components/account/use-form-errors";
import { Field } from "~/components/ui/field";
import { PASSWORD_LENGTH, PROFILE_LIMITS, registerSchema } from "~/lib/account.schema";
import { fieldErrors, formValues } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { registerCustomer } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { readFormData } from "~/server/form-data.server";
import type { Route } from "./+types/register";

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getCurrentUser(request, context)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request));
  const kept = { name: values.name ?? "", email: values.email ?? "" };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  const result = await registerCustomer(context, request, parsed.data);
  if (!result.ok) return data({ errors: { [result.field ?? "form"]: result.error }, values: kept }, { status: 400 });
  return redirect(safeRedirectPath(values.redirectTo), { headers: result.headers });
}

export function meta() {
  return [...pageMeta({ title: "Criar conta", description: "Crie sua conta no Grupo Erick." }), { name: "robots", content: "noindex" }];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const { errors, onSubmit, onChange } = useFormErrors(registerSchema, actionData?.errors);
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AccountCard title="Criar conta" intro="Leva menos de um minuto.">
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Nome" name="name" autoComplete="name" defaultValue={actionData?.values.name} maxLength={PROFILE_LIMITS.name} error={errors.name} />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={actionData?.values.email}
          maxLength={PROFILE_LIMITS.email}
          error={errors.email}
        />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH.max}
          hint={`Pelo menos ${PASSWORD_LENGTH.min} caracteres.`}
          error={errors.password}
        />
        <Field
          label="Confirme a senha"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_LENGTH.max}
          error={errors.confirmPassword}
        />
        <SubmitButton busyLabel="Criando conta…">Criar conta</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Já tem conta?{" "}
        <Link to={`/login${back}`} className="font-semibold text-brand-700 hover:underline">
          Entrar
        </Link>
      </p>
    </AccountCard>
  );
}
