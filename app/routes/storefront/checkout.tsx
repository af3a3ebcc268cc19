import { data, redirect } from "react-router";
import { CheckoutForm, SAVE_PHONE_FIELD } from "~/components/checkout/checkout-form";
import { actionRefusal } from "~/lib/forms/action-result";
import { pageMeta } from "~/lib/pages/meta";
import { clientAddress, saveAccountPhone } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { listDeliveryZones } from "~/server/delivery/delivery-zones.server";
import { submitCheckout } from "~/server/orders/checkout.server";
import { getSettings } from "~/server/group/settings.server";
import { checkoutPixCharge } from "~/server/payments/order-payment.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/checkout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  return {
    // A fresh key per visit: a double click or a retried POST of this form records one order.
    idempotencyKey: crypto.randomUUID(),
    // A signed-in shopper's profile fills the form in.
    prefill: user ? { name: user.name, email: user.email, phone: user.phone ?? "", address: user.address ?? "", offerToSavePhone: !user.phone } : null,
    // The bairros the shop delivers to itself, with their fees: the delivery step shows them before sending.
    deliveryZones: await listDeliveryZones(context.db),
    // Without a CEP lookup the page does not promise to fill the address from the CEP.
    cepLookup: context.config.cepLookupUrl !== null,
    // The shop sends its own WhatsApp updates (set up, and the switch on): the shopper is asked whether she wants them.
    whatsappUpdates: context.config.whatsapp !== null && (await getSettings(context.db)).whatsappNotifications,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  const form = await readFormData(request);
  const result = await submitCheckout(
    context,
    form,
    { userId: user?.id ?? null, clientAddress: clientAddress(context, request) },
    // A Pix order's charge: queued with the order, made after the answer (app/server/payments).
    checkoutPixCharge(context),
  );
  if (!result.ok) {
    const headers = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined;
    return data(actionRefusal(result.formError ? { ...result.errors, form: result.formError } : result.errors), { status: result.status, headers });
  }
  if (user && !user.phone && form.get(SAVE_PHONE_FIELD) === "on") await saveAccountPhone(context.db, user.id, String(form.get("phone") ?? ""));
  return redirect(`/pedido/${result.token}?novo=1`);
}

/** A refusal's Retry-After (the order limits' 429) reaches the page's response and its data request. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta() {
  return [...pageMeta({ title: "Finalizar pedido", description: "Dados de entrega e pagamento do seu pedido." }), { name: "robots", content: "noindex" }];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutForm idempotencyKey={loaderData.idempotencyKey} prefill={loaderData.prefill} result={actionData} deliveryZones={loaderData.deliveryZones} cepLookup={loaderData.cepLookup} whatsappUpdates={loaderData.whatsappUpdates} />;
}
