import { data, Form, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AccountCard, FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { PASSWORD_LENGTH, registerSchema } from "~/lib/account/account.schema";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { pageMeta } from "~/lib/pages/meta";
import { safeRedirectPath } from "~/lib/pages/safe-redirect";
import { registerCustomer } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
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
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error), kept), { status: 400 });
  const result = await registerCustomer(context, request, parsed.data);
  if (!result.ok) return data(actionRefusal({ [result.field ?? "form"]: result.error }, kept), { status: 400 });
  return redirect(safeRedirectPath(values.redirectTo), { headers: result.headers });
}

export function meta() {
  return [...pageMeta({ title: "Criar conta", description: "Crie sua conta no Grupo Erick." }), { name: "robots", content: "noindex" }];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  // The confirmation takes what the password takes; the schema only compares the two.
  const { errors, props, field } = useForm({
    schema: registerSchema,
    limits: { ...formLimits(registerSchema), confirmPassword: formLimits(registerSchema).password },
    result: actionData,
  });
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AccountCard title="Criar conta" intro="Leva menos de um minuto.">
      <Form method="post" {...props} className="space-y-4">
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Nome" {...field("name")} autoComplete="name" defaultValue={actionData?.data?.name} />
        <Field label="E-mail" {...field("email")} type="email" autoComplete="email" inputMode="email" defaultValue={actionData?.data?.email} />
        <Field label="Senha" {...field("password")} type="password" autoComplete="new-password" hint={`Pelo menos ${PASSWORD_LENGTH.min} caracteres.`} />
        <Field label="Confirme a senha" {...field("confirmPassword")} type="password" autoComplete="new-password" />
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
