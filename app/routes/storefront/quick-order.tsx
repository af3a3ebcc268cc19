import { data, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { clientAddress } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { submitQuickOrder } from "~/server/orders/checkout.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/quick-order";

/** The cart's 'Finalizar pelo WhatsApp': records the order (items only) before WhatsApp opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  const result = await submitQuickOrder(context, await readFormData(request), {
    userId: user?.id ?? null,
    clientAddress: clientAddress(context, request),
  });
  if (!result.ok) {
    const headers = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined;
    return data(actionRefusal(result.formError ?? "Não foi possível registrar o pedido."), { status: result.status, headers });
  }
  return redirect(`/pedido/${result.token}?novo=1`);
}

/** The cart posts here with JavaScript (/pedido.data): a refusal's Retry-After reaches that response too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function loader() {
  return redirect("/carrinho");
}
