import { data, Form, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AccountCard, FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { AUTH_MESSAGES, forgotPasswordSchema } from "~/lib/account/account.schema";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { pageMeta } from "~/lib/pages/meta";
import { requestPasswordReset } from "~/server/auth/accounts.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/forgot-password";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("enviado") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readFormData(request));
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error), { email: values.email ?? "" }), { status: 400 });
  const result = await requestPasswordReset(context, request, parsed.data.email);
  if (!result.ok) return data(actionRefusal(result.error, { email: parsed.data.email }), { status: 429 });
  // The same answer whether or not the address has an account.
  return redirect("/recuperar-senha?enviado=1");
}

export function meta() {
  return [...pageMeta({ title: "Recuperar senha", description: "Receba um link para criar uma nova senha." }), { name: "robots", content: "noindex" }];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, props, field } = useForm({ schema: forgotPasswordSchema, limits: formLimits(forgotPasswordSchema), result: actionData });

  return (
    <AccountCard title="Recuperar senha" intro="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.">
      {loaderData.sent && !actionData ? (
        <div className="space-y-4">
          <FormMessage tone="success">{AUTH_MESSAGES.resetRequested}</FormMessage>
          <p className="text-sm text-slate-600">O link vale por 1 hora. Confira também a caixa de spam.</p>
        </div>
      ) : (
        <Form method="post" {...props} className="space-y-4">
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <Field label="E-mail" {...field("email")} type="email" autoComplete="email" inputMode="email" defaultValue={actionData?.data?.email} />
          <SubmitButton busyLabel="Enviando…">Enviar link</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Voltar para o login
        </Link>
      </p>
    </AccountCard>
  );
}
