import { data, Form, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { FormMessage, SubmitButton } from "~/components/account/account-card";
import { MyFavorites } from "~/components/product/my-favorites";
import { MyOrders } from "~/components/account/my-orders";
import { TwoFactorSummary } from "~/components/account/two-factor-settings";
import { Field, TextareaField } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { productCardData } from "~/lib/catalog/catalog";
import { profileSchema } from "~/lib/account/account.schema";
import { maskPhone } from "~/lib/forms/phone-input";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { pageMeta } from "~/lib/pages/meta";
import { isOrderStatus } from "~/lib/orders/order-status";
import { isEmailConfirmed, resendEmailConfirmation, updateProfile } from "~/server/auth/accounts.server";
import { requireUser } from "~/server/auth/guards.server";
import { twoFactorSummary } from "~/server/auth/two-factor.server";
import { listFavoriteProducts } from "~/server/catalog/favorites.server";
import { readFormData } from "~/server/requests/form-data.server";
import { listOrdersForUser } from "~/server/orders/order-reading.server";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [orders, favorites, twoFactor, emailConfirmed] = await Promise.all([
    listOrdersForUser(context.db, user.id),
    listFavoriteProducts(context.db, user.id),
    twoFactorSummary(context, user),
    isEmailConfirmed(context.db, user.id),
  ]);
  const search = new URL(request.url).searchParams;
  return {
    emailConfirmation: { confirmed: emailConfirmed, justConfirmed: search.get("email") === "confirmado", link: search.get("link") },
    profile: { name: user.name, email: user.email, phone: user.phone ?? "", address: user.address ?? "" },
    saved: new URL(request.url).searchParams.has("salvo"),
    orders: orders.map((order) => ({
      code: order.code,
      token: order.token,
      status: isOrderStatus(order.status) ? order.status : ("pending" as const),
      deliveryMethod: order.deliveryMethod,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
    })),
    favorites: favorites.map(productCardData),
    twoFactor,
  };
}

const CONFIRM_EMAIL_INTENT = "confirmar-email";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === CONFIRM_EMAIL_INTENT) {
    const outcome = await resendEmailConfirmation(context, request, user);
    return redirect(outcome === "confirmed" ? "/conta" : `/conta?link=${outcome === "sent" ? "enviado" : "espere"}`);
  }
  const parsed = profileSchema.safeParse(formValues(form));
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
  await updateProfile(context.db, user.id, parsed.data);
  return redirect("/conta?salvo=1");
}

export function meta() {
  return [...pageMeta({ title: "Minha conta", description: "Seus dados, pedidos e favoritos." }), { name: "robots", content: "noindex" }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, saved, orders, favorites, twoFactor, emailConfirmation } = loaderData;
  const { errors, props, field } = useForm({ schema: profileSchema, limits: formLimits(profileSchema), result: actionData });

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Minha conta</h1>
          <p className="mt-1 text-slate-600">Olá, {profile.name}!</p>
        </div>
        <Form method="post" action="/sair">
          <button type="submit" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
            Sair
          </button>
        </Form>
      </div>

      {emailConfirmation.justConfirmed ? (
        <div className="mt-6">
          <FormMessage tone="success">E-mail confirmado! Os pedidos que você fez sem conta com este e-mail agora aparecem em Meus pedidos.</FormMessage>
        </div>
      ) : null}
      {emailConfirmation.confirmed ? null : <EmailConfirmationPrompt email={profile.email} link={emailConfirmation.link} />}

      <section aria-labelledby="dados" className="mt-8 rounded-2xl border border-slate-200 p-6">
        <h2 id="dados" className="text-lg font-bold">
          Meus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600">Usamos estes dados para preencher o checkout para você.</p>
        <Form
          method="post"
          {...props}
          onChange={(event) => {
            const input: EventTarget = event.target;
            if (input instanceof HTMLInputElement && input.name === "phone") input.value = maskPhone(input.value);
            props.onChange(event);
          }}
          className="mt-5 space-y-4"
        >
          {saved && !actionData ? <FormMessage tone="success">Dados salvos.</FormMessage> : null}
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <div>
            <p className="text-sm font-semibold text-slate-800">E-mail</p>
            <p className="mt-1 text-slate-700">{profile.email}</p>
          </div>
          <Field label="Nome" {...field("name")} autoComplete="name" defaultValue={profile.name} />
          <Field
            label="Telefone"
            {...field("phone")}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(81) 99999-9999"
            defaultValue={profile.phone}
          />
          <TextareaField
            label="Endereço de entrega"
            {...field("address")}
            rows={3}
            autoComplete="street-address"
            placeholder="Rua, número, bairro, cidade"
            defaultValue={profile.address}
          />
          <div className="sm:w-56">
            <SubmitButton busyLabel="Salvando…">Salvar</SubmitButton>
          </div>
        </Form>
      </section>

      {twoFactor ? <TwoFactorSummary state={twoFactor} /> : null}
      <MyOrders orders={orders} />
      <MyFavorites products={favorites} />
    </div>
  );
}

/** An e-mail not confirmed yet: why it matters here, what became of the last link asked for, and a new one. */
function EmailConfirmationPrompt({ email, link }: { email: string; link: string | null }) {
  return (
    <section aria-labelledby="confirmar-email" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5" data-testid="email-confirmation">
      <h2 id="confirmar-email" className="font-bold">
        Confirme seu e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Enviamos um link para {email}. Ao abrir o link, os pedidos que você fez sem conta com este e-mail passam a aparecer aqui.
      </p>
      {link === "enviado" ? <p className="mt-2 text-sm font-medium text-green-800" role="status">Link enviado! Confira também a caixa de spam.</p> : null}
      {link === "espere" ? (
        <p className="mt-2 text-sm font-medium text-red-800" role="alert">
          Já enviamos alguns links há pouco. Espere alguns minutos e tente de novo.
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={CONFIRM_EMAIL_INTENT} />
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800">
          Enviar o link de novo
        </button>
      </Form>
    </section>
  );
}
