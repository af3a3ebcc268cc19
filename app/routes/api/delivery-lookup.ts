import { parsePreviewLines } from "~/lib/coupons/coupons";
import { BRAZILIAN_STATES } from "~/lib/delivery/zones";
import { clientAddress } from "~/server/auth/accounts.server";
import { lookUpDelivery } from "~/server/delivery/delivery-options.server";
import { takeDeliveryLookup, tooManyDeliveryLookupsMessage } from "~/server/delivery/delivery-lookup-limit.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/delivery-lookup";

// The checkout's delivery step (app/components/checkout/delivery-fields.tsx): the address behind a
// CEP, and how an order can travel there. Only the checkout asks it; storefront pages never wait on it.
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** GET /api/entrega?cep=55560000&itens=12x2,13x1[&cidade=…&uf=PE] → DeliveryLookup. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const cep = (params.get("cep") ?? "").replace(/\D/g, "");
  const lines = parsePreviewLines(params.get("itens"));
  if (cep.length !== 8) return json({ message: "O CEP tem 8 dígitos" }, 400);
  if (!lines) return json({ message: "Carrinho inválido. Atualize a página e tente novamente." }, 400);
  const allowance = await takeDeliveryLookup(context.db, clientAddress(context, request));
  if (!allowance.allowed) {
    return json({ message: tooManyDeliveryLookupsMessage(allowance.retryAfter) }, 429, { "Retry-After": String(allowance.retryAfter) });
  }
  const state = params.get("uf") ?? "";
  return json(
    await lookUpDelivery(context, await getSettings(context.db), {
      cep,
      city: (params.get("cidade") ?? "").slice(0, 100),
      state: (BRAZILIAN_STATES as readonly string[]).includes(state) ? state : "",
      lines,
    }),
  );
}
