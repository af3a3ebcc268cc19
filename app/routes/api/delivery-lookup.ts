import { parsePreviewLines } from "~/lib/coupons/coupons";
import { BRAZILIAN_STATES } from "~/lib/orders/checkout.schema";
import { lookUpDelivery } from "~/server/delivery/delivery-options.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/delivery-lookup";

// The checkout's delivery step (app/components/checkout/delivery-fields.tsx): the address behind a
// CEP, and how an order can travel there. Only the checkout asks it; storefront pages never wait on it.
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** GET /api/entrega?cep=55560000&itens=12x2,13x1[&cidade=…&uf=PE] → DeliveryLookup. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const cep = (params.get("cep") ?? "").replace(/\D/g, "");
  const lines = parsePreviewLines(params.get("itens"));
  if (cep.length !== 8) return json({ message: "O CEP tem 8 dígitos" }, 400);
  if (!lines) return json({ message: "Carrinho inválido. Atualize a página e tente novamente." }, 400);
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
