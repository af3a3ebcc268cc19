import { normalizeCouponCode } from "~/lib/coupons/coupon-code";
import { parsePreviewLines } from "~/lib/coupons/coupons";
import { clientAddress } from "~/server/auth/accounts.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { takeCouponTry, tooManyCouponTriesMessage } from "~/server/coupons/coupon-tries.server";
import { previewCoupon } from "~/server/coupons/redeem.server";
import { decideDelivery, DeliveryUnavailableError } from "~/server/delivery/delivery-options.server";
import { takeDeliveryLookup } from "~/server/delivery/delivery-lookup-limit.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/coupon-preview";

// The cart's and the checkout's 'Aplicar' (app/components/cart/coupon-field.tsx): what a coupon would
// give these lines. Only a preview: the order decides again in its own transaction. Never cached.
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** GET /api/cupom?codigo=CUPOM10&itens=12x2,13x1[&entrega=delivery&cidade=Barreiros&telefone=…] → CouponPreview. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("codigo") ?? "";
  const lines = parsePreviewLines(params.get("itens"));
  if (!code.trim() || code.length > 100) return json({ ok: false, code: "", message: "Digite o código do cupom." }, 400);
  if (!lines) return json({ ok: false, code: "", message: "Carrinho inválido. Atualize a página e tente novamente." }, 400);
  const couponTry = await takeCouponTry(context.db, clientAddress(context, request));
  if (!couponTry.allowed) {
    return json({ ok: false, code: normalizeCouponCode(code), message: tooManyCouponTriesMessage(couponTry.retryAfter) }, 429, { "Retry-After": String(couponTry.retryAfter) });
  }
  const method = params.get("entrega");
  const city = (params.get("cidade") ?? "").slice(0, 100);
  const user = await getCurrentUser(request, context);
  const settings = await getSettings(context.db);
  const option = params.get("opcao");
  // The fee the order would charge for the option chosen (a bairro's, a carrier's), so the preview and the order agree.
  const deliveryDecision =
    method === "delivery" && option
      ? await decideDelivery(
          context,
          settings,
          {
            option: option.slice(0, 100),
            cep: (params.get("cep") ?? "").slice(0, 20),
            city,
            state: (params.get("uf") ?? "").slice(0, 2),
            neighborhood: (params.get("bairro") ?? "").slice(0, 100),
          },
          lines,
          {
            // A carrier quote not asked before spends a delivery look-up, as /api/entrega and the checkout do.
            admitCarrierQuote: async () => {
              if (!(await takeDeliveryLookup(context.db, clientAddress(context, request))).allowed) throw new DeliveryUnavailableError("Muitas consultas de entrega seguidas.");
            },
          },
        ).catch((error: unknown) => {
          if (error instanceof DeliveryUnavailableError) return null;
          throw error;
        })
      : null;
  const preview = await previewCoupon(context.db, settings, {
    code,
    lines,
    deliveryMethod: method === "delivery" || method === "pickup" ? method : null,
    deliveryDecision,
    city,
    phone: (params.get("telefone") ?? "").slice(0, 30) || null,
    userId: user?.id ?? null,
  });
  if (preview.ok) await couponTry.giveBack();
  return json(preview);
}
