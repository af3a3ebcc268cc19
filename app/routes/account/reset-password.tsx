import { data, Form, Link, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AccountCard, FormMessage, SubmitButton } from "~/components/account/account-card";
import { Field } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { AUTH_MESSAGES, PASSWORD_LENGTH, resetPasswordSchema } from "~/lib/account/account.schema";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { pageMeta } from "~/lib/pages/meta";
import { isResetTokenUsable, resetPassword } from "~/server/auth/accounts.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Said before the shopper types a new password twice, not after.
  return { token, usable: await isResetTokenUsable(context, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(formValues(await readFormData(request)));
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
  const result = await resetPassword(context, request, parsed.data);
  if (!result.ok) return data(actionRefusal({ [result.field ?? "form"]: result.error }), { status: 400 });
  return redirect("/login?senha=redefinida");
}

export function meta() {
  return [
    ...pageMeta({ title: "Nova senha", description: "Crie uma nova senha para sua conta." }),
    { name: "robots", content: "noindex" },
    // The token is in this page's URL: it must not travel to other sites as a Referer.
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // The confirmation takes what the password takes; the schema only compares the two.
  const { errors, props, field } = useForm({
    schema: resetPasswordSchema,
    limits: { ...formLimits(resetPasswordSchema), confirmPassword: formLimits(resetPasswordSchema).password },
    result: actionData,
  });
  const tokenError = errors.form === AUTH_MESSAGES.resetLinkInvalid || errors.token;

  if (!loaderData.usable || tokenError) {
    return (
      <AccountCard title="Nova senha">
        <div className="space-y-4">
          <FormMessage tone="error">{AUTH_MESSAGES.resetLinkInvalid}</FormMessage>
          <Link
            to="/recuperar-senha"
            className="block w-full rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700"
          >
            Solicitar um novo link
          </Link>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Nova senha" intro="Escolha a nova senha da sua conta.">
      <Form method="post" {...props} className="space-y-4">
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="Nova senha" {...field("password")} type="password" autoComplete="new-password" hint={`Pelo menos ${PASSWORD_LENGTH.min} caracteres.`} />
        <Field label="Confirme a nova senha" {...field("confirmPassword")} type="password" autoComplete="new-password" />
        <SubmitButton busyLabel="Salvando…">Salvar nova senha</SubmitButton>
      </Form>
    </AccountCard>
  );
}
