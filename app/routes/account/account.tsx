import { data, Form, redirect } from "react-router";
import { FormMessage, SubmitButton } from "~/components/account/account-card";
import { MyFavorites } from "~/components/account/my-favorites";
import { MyOrders } from "~/components/account/my-orders";
import { TwoFactorSummary } from "~/components/account/two-factor-settings";
import { useFormErrors } from "~/components/account/use-form-errors";
import { Field } from "~/components/ui/field";
import { productCardData } from "~/lib/catalog";
import { PROFILE_LIMITS, profileSchema } from "~/lib/account.schema";
import { maskPhone } from "~/lib/documents";
import { fieldErrors, formValues } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { isOrderStatus } from "~/lib/order-status";
import { updateProfile } from "~/server/auth/accounts.server";
import { requireUser } from "~/server/auth/guards.server";
import { twoFactorSummary } from "~/server/auth/two-factor.server";
import { listFavoriteProducts } from "~/server/catalog/favorites.server";
import { readFormData } from "~/server/form-data.server";
import { listOrdersForUser } from "~/server/orders/orders.server";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const [orders, favorites, twoFactor] = await Promise.all([
    listOrdersForUser(context.db, user.id),
    listFavoriteProducts(context.db, user.id),
    twoFactorSummary(context, user),
  ]);
  return {
    profile: { name: user.name, email: user.email, phone: user.phone ?? "", address: user.address ?? "" },
    saved: new URL(request.url).searchParams.has("salvo"),
    orders: orders.map((order) => ({
      code: order.code,
      token: order.token,
      status: isOrderStatus(order.status) ? order.status : ("pending" as const),
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
    })),
    favorites: favorites.map(productCardData),
    twoFactor,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = profileSchema.safeParse(formValues(await readFormData(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  await updateProfile(context.db, user.id, parsed.data);
  return redirect("/conta?salvo=1");
}

export function meta() {
  return [...pageMeta({ title: "Minha conta", description: "Seus dados, pedidos e favoritos." }), { name: "robots", content: "noindex" }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, saved, orders, favorites, twoFactor } = loaderData;
  const { errors, onSubmit, onChange } = useFormErrors(profileSchema, actionData?.errors);

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

      <section aria-labelledby="dados" className="mt-8 rounded-2xl border border-slate-200 p-6">
        <h2 id="dados" className="text-lg font-bold">
          Meus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600">Usamos estes dados para preencher o checkout para você.</p>
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onChange={(event) => {
            const field: EventTarget = event.target;
            if (field instanceof HTMLInputElement && field.name === "phone") field.value = maskPhone(field.value);
            onChange(event);
          }}
          className="mt-5 space-y-4"
        >
          {saved && !actionData ? <FormMessage tone="success">Dados salvos.</FormMessage> : null}
          {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
          <div>
            <p className="text-sm font-semibold text-slate-800">E-mail</p>
            <p className="mt-1 text-slate-700">{profile.email}</p>
          </div>
          <Field label="Nome" name="name" autoComplete="name" defaultValue={profile.name} maxLength={PROFILE_LIMITS.name} error={errors.name} />
          <Field
            label="Telefone"
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(81) 99999-9999"
            defaultValue={profile.phone}
            maxLength={PROFILE_LIMITS.phone}
            error={errors.phone}
          />
          <AddressField defaultValue={profile.address} error={errors.address} />
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

function AddressField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor="endereco" className="block text-sm font-semibold text-slate-800">
        Endereço de entrega
      </label>
      <textarea
        id="endereco"
        name="address"
        rows={3}
        autoComplete="street-address"
        placeholder="Rua, número, bairro, cidade"
        defaultValue={defaultValue}
        maxLength={PROFILE_LIMITS.address}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "endereco-erro" : undefined}
        className={`mt-1 w-full rounded-lg border px-3 py-2.5 text-base ${error ? "border-red-600" : "border-slate-300"}`}
      />
      {error ? (
        <p id="endereco-erro" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
