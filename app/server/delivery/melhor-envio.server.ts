import { z } from "~/lib/forms/validation";
import { log } from "../log/logger.server";
import { PAGE_WAIT_MS } from "../outbound/deadline.server";
import { AnswerCache } from "./answer-cache.server";
import type { PackageSize } from "./packages.server";

/** One carrier service Melhor Envio can take this cart with: "SEDEX (Correios)", its price and days. */
export type CarrierService = { id: string; name: string; priceCents: number; days: number | null };

/** What is sent: one entry per cart line, with its box and declared value. */
export type QuoteItem = { productId: number; quantity: number; unitPriceCents: number; size: PackageSize };

export type CarrierQuote = { status: "quoted"; services: CarrierService[] } | { status: "unavailable" };

/**
 * The checkout waits no longer than this for a quote: after it, the fallback table by state. The
 * fetch's signal covers the body too, so this bounds the whole call (../outbound/deadline.server.ts).
 */
const QUOTE_TIMEOUT_MS = PAGE_WAIT_MS;
/** A quote holds long enough to fill in the form and send it (the order prices from the same quote). */
const cache = new AnswerCache<CarrierService[]>(60 * 60 * 1000);

const price = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const reais = typeof value === "number" ? value : Number.parseFloat(value);
  if (!Number.isFinite(reais) || reais < 0) {
    ctx.addIssue({ code: "custom", message: "price" });
    return z.NEVER;
  }
  return Math.round(reais * 100);
});

const serviceAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().max(100),
  price: price.optional(),
  custom_price: price.optional(),
  delivery_time: z.number().optional(),
  custom_delivery_time: z.number().optional(),
  error: z.string().optional(),
  company: z.object({ name: z.string().max(100) }).partial().optional(),
});
const calculateAnswer = z.array(z.unknown());

function cacheKey(fromCep: string, toCep: string, items: readonly QuoteItem[]): string {
  const lines = items.map((item) => `${item.productId}x${item.quantity}@${item.unitPriceCents}`).sort();
  return `${fromCep}>${toCep}:${lines.join(",")}`;
}

/**
 * Melhor Envio's services for this cart from the store's CEP to the shopper's
 * (POST /api/v2/me/shipment/calculate), cheapest first, cached an hour per CEPs and cart. Never
 * throws for the service: slow, down, refused or garbled is "unavailable", and the checkout offers the
 * table by state. `admit` runs before a call the cache cannot answer; what it throws is thrown.
 */
export async function quoteCarriers(
  service: { token: string; url: string } | null,
  fromCep: string,
  toCep: string,
  items: readonly QuoteItem[],
  { admit }: { admit?: () => Promise<void> } = {},
): Promise<CarrierQuote> {
  if (!service || !/^\d{8}$/.test(fromCep) || !/^\d{8}$/.test(toCep) || items.length === 0) return { status: "unavailable" };
  const key = cacheKey(fromCep, toCep, items);
  const cached = cache.get(key);
  if (cached) return { status: "quoted", services: cached };
  // Only a call Melhor Envio will really get is admitted (counted); its refusal is the caller's to show.
  await admit?.();
  try {
    const response = await fetch(`${service.url}/api/v2/me/shipment/calculate`, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        authorization: `Bearer ${service.token}`,
        // Melhor Envio asks every client to name itself and a contact.
        "user-agent": "Loja Erick (loja@erickcalcados.com.br)",
      },
      body: JSON.stringify({
        from: { postal_code: fromCep },
        to: { postal_code: toCep },
        products: items.map((item) => ({
          id: String(item.productId),
          width: item.size.widthCm,
          height: item.size.heightCm,
          length: item.size.lengthCm,
          weight: item.size.weightKg,
          insurance_value: item.unitPriceCents / 100,
          quantity: item.quantity,
        })),
      }),
      signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS),
      redirect: "error",
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const answer = calculateAnswer.safeParse(await response.json());
    if (!answer.success) throw new Error("unexpected answer");
    const services = answer.data.flatMap((entry): CarrierService[] => {
      const parsed = serviceAnswer.safeParse(entry);
      if (!parsed.success || parsed.data.error) return [];
      const priceCents = parsed.data.custom_price ?? parsed.data.price;
      if (priceCents === undefined) return [];
      const company = parsed.data.company?.name;
      return [
        {
          id: String(parsed.data.id),
          name: company && !parsed.data.name.includes(company) ? `${parsed.data.name} (${company})` : parsed.data.name,
          priceCents,
          days: parsed.data.custom_delivery_time ?? parsed.data.delivery_time ?? null,
        },
      ];
    });
    if (services.length === 0) throw new Error("no service in the answer");
    services.sort((a, b) => a.priceCents - b.priceCents);
    cache.set(key, services);
    return { status: "quoted", services };
  } catch (error) {
    // Expected now and then (the service slow or down): one line, no stack.
    log.warn({ reason: error instanceof Error ? error.message : String(error), toCep }, "Melhor Envio quote unavailable");
    return { status: "unavailable" };
  }
}

/** Tests start each case from an empty cache. */
export function forgetCarrierQuotes(): void {
  cache.clear();
}
