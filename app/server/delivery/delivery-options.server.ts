import { inArray } from "drizzle-orm";
import { products } from "#database/schema";
import { normalizeSearchText } from "~/lib/format/search-text";
import type { Settings } from "~/lib/group/settings";
import { maskCep } from "~/lib/format/documents";
import { stateOfCep } from "~/lib/delivery/cep-states";
import {
  ARRANGE_DELIVERY,
  ARRANGE_OPTION,
  CARRIER_OPTION_PREFIX,
  findZone,
  samePlace,
  TABLE_OPTION,
  zonesOfTown,
  zoneTimeLabel,
  type DeliveryOption,
} from "~/lib/delivery/zones";
import type { AppConfig } from "../config.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { lookUpCep, type CepAddress } from "./cep-lookup.server";
import { fallbackRateFor, listDeliveryZones } from "./delivery-zones.server";
import { quoteCarriers, type CarrierService, type QuoteItem } from "./melhor-envio.server";
import { originCepFor } from "./origin.server";
import { packageForProduct } from "./packages.server";

type DeliveryContext = { db: DatabaseOrTransaction; config: Pick<AppConfig, "cepLookupUrl" | "melhorEnvio"> };
type CartLine = { productId: number; quantity: number };

/**
 * How an order travels and what it costs, decided on the server: the fee before the free-above rule
 * (placeOrder applies `freeAboveCents` to the subtotal it prices itself); `feeCents` null is 'A combinar'.
 */
export type DeliveryDecision = { service: string; time: string; feeCents: number | null; freeAboveCents: number | null };

/**
 * Refused with a message the shopper can act on: the chosen carrier price is gone (`deliveryOption`),
 * or the typed state or town is not the CEP's (`state`, `city`).
 */
export class DeliveryUnavailableError extends Error {
  constructor(
    message: string,
    readonly field: "deliveryOption" | "state" | "city" | "cep" = "deliveryOption",
  ) {
    super(message);
  }
}

/**
 * Called before Melhor Envio is asked for a quote it has not answered already (the checkout takes one
 * look-up of the client's allowance there); throws to refuse, and the error reaches the caller.
 */
export type AdmitCarrierQuote = () => Promise<void>;

const ARRANGE_DECISION: DeliveryDecision = { service: ARRANGE_DELIVERY.label, time: "", feeCents: null, freeAboveCents: null };

function daysLabel(days: number | null): string {
  if (days === null) return "";
  return days === 1 ? "em até 1 dia útil" : `em até ${days} dias úteis`;
}

/** The flat fee of the settings' delivery cities, for a town the owner has not split into bairros. */
function flatFeeTown(settings: Pick<Settings, "deliveryCities">, city: string): boolean {
  const wanted = normalizeSearchText(city);
  return wanted !== "" && settings.deliveryCities.some((candidate) => normalizeSearchText(candidate) === wanted);
}

/** The settings' delivery towns carry no state: they are the shop's own, the state of its stores' CEP. */
async function inShopState(db: DatabaseOrTransaction, state: string | null): Promise<boolean> {
  if (!state) return true;
  const origin = await originCepFor(db);
  const shopState = origin ? stateOfCep(origin) : null;
  return !shopState || shopState === state;
}

async function quoteItems(db: DatabaseOrTransaction, lines: readonly CartLine[]): Promise<QuoteItem[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      category: products.category,
      priceCents: products.priceCents,
      weightGrams: products.weightGrams,
      heightCm: products.heightCm,
      widthCm: products.widthCm,
      lengthCm: products.lengthCm,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ productId: product.id, quantity: line.quantity, unitPriceCents: product.priceCents ?? 0, size: packageForProduct(product) }] : [];
  });
}

async function carrierServices(context: DeliveryContext, cep: string, lines: readonly CartLine[], admit?: AdmitCarrierQuote): Promise<CarrierService[] | null> {
  if (!context.config.melhorEnvio || !/^\d{8}$/.test(cep)) return null;
  const [origin, items] = await Promise.all([originCepFor(context.db), quoteItems(context.db, lines)]);
  if (!origin) return null;
  const quote = await quoteCarriers(context.config.melhorEnvio, origin, cep, items, { admit });
  return quote.status === "quoted" ? quote.services : null;
}

export type DeliveryLookup = {
  /** From the CEP lookup; null when it is not set up, slow, down, or the CEP unknown: the shopper types. */
  address: CepAddress | null;
  /** The CEP lookup says there is no such CEP. */
  unknownCep: boolean;
  /** The town is one the shop delivers to itself: the bairro is chosen from the owner's list (the checkout has it). */
  localTown: boolean;
  /** For any other town: carrier services, or the table by state; always ends with 'Combinar pelo WhatsApp'. */
  options: DeliveryOption[];
};

/**
 * The checkout's delivery step for a CEP (GET /api/entrega): the address behind it, and either "the
 * shop delivers here" (bairro list) or the carrier options. Never fails: at worst, WhatsApp.
 */
export async function lookUpDelivery(
  context: DeliveryContext,
  settings: Pick<Settings, "deliveryCities">,
  query: { cep: string; city: string; state: string; lines: readonly CartLine[] },
): Promise<DeliveryLookup> {
  const found = await lookUpCep(context.config.cepLookupUrl, query.cep);
  const address = found.status === "found" ? found.address : null;
  const city = address?.city ?? query.city;
  // The CEP's range says the state whatever the shopper typed; the lookup, when it answers, the town.
  const state = stateOfCep(query.cep) ?? address?.state ?? query.state;
  const zones = await listDeliveryZones(context.db);
  if (zonesOfTown(zones, city, state).length > 0 || (flatFeeTown(settings, city) && (await inShopState(context.db, state)))) {
    return { address, unknownCep: found.status === "unknown", localTown: true, options: [] };
  }
  return { address, unknownCep: found.status === "unknown", localTown: false, options: await remoteOptions(context, query.cep, state, query.lines) };
}

async function remoteOptions(context: DeliveryContext, cep: string, state: string, lines: readonly CartLine[]): Promise<DeliveryOption[]> {
  const services = await carrierServices(context, cep, lines);
  if (services) {
    return [
      ...services.map((service) => ({ id: `${CARRIER_OPTION_PREFIX}${service.id}`, label: service.name, feeCents: service.priceCents, time: daysLabel(service.days) })),
      ARRANGE_DELIVERY,
    ];
  }
  const rate = state ? await fallbackRateFor(context.db, state) : null;
  return rate ? [{ id: TABLE_OPTION, label: `Entrega para ${state}`, feeCents: rate.feeCents, time: rate.deliveryTime }, ARRANGE_DELIVERY] : [ARRANGE_DELIVERY];
}

/**
 * The state and town an order is priced by are the CEP's: its range gives the state (no lookup
 * needed), the lookup, when it answers, the town. A typed state or town that disagrees is a field
 * message, never a fee of another place (a São Paulo CEP typed as Barreiros, or as PB for its table).
 */
async function checkAddressAgainstCep(context: DeliveryContext, cep: string, choice: { state: string; city: string }): Promise<void> {
  if (cep.length !== 8) return;
  const state = stateOfCep(cep);
  if (state && state !== choice.state) {
    throw new DeliveryUnavailableError(`O CEP ${maskCep(cep)} é de ${state}. Confira o CEP ou escolha ${state} no estado.`, "state");
  }
  const found = await lookUpCep(context.config.cepLookupUrl, cep);
  if (found.status === "found" && choice.city.trim() && !samePlace(found.address.city, choice.city)) {
    throw new DeliveryUnavailableError(`O CEP ${maskCep(cep)} é de ${found.address.city} (${found.address.state}). Confira o CEP ou a cidade.`, "city");
  }
}

/**
 * The order's delivery, from what the shopper chose and where, priced here and never from the form: a
 * bairro of the list gets its fee, one not in it (or a town the shop does not serve itself, chosen as
 * local) is agreed on WhatsApp; a carrier service is priced from its quote (cached from the checkout's
 * step, asked again otherwise); the table by state from the owner's table.
 */
export async function decideDelivery(
  context: DeliveryContext,
  settings: Pick<Settings, "deliveryCities" | "deliveryFeeCents" | "freeShippingMinCents" | "deliveryDays">,
  choice: { option: string; cep: string; city: string; state: string; neighborhood: string },
  lines: readonly CartLine[],
  options: { admitCarrierQuote?: AdmitCarrierQuote } = {},
): Promise<DeliveryDecision> {
  const cep = choice.cep.replace(/\D/g, "");
  await checkAddressAgainstCep(context, cep, choice);
  if (choice.option === ARRANGE_OPTION) return ARRANGE_DECISION;
  if ((choice.option === TABLE_OPTION || choice.option.startsWith(CARRIER_OPTION_PREFIX)) && cep.length !== 8) {
    throw new DeliveryUnavailableError("Informe o CEP para calcular o frete.", "cep");
  }
  if (choice.option === TABLE_OPTION) {
    const rate = await fallbackRateFor(context.db, choice.state);
    if (!rate) throw new DeliveryUnavailableError("Não há frete de tabela para este estado. Escolha outra opção de entrega.");
    return { service: `Entrega para ${choice.state}`, time: rate.deliveryTime, feeCents: rate.feeCents, freeAboveCents: null };
  }
  if (choice.option.startsWith(CARRIER_OPTION_PREFIX)) {
    const id = choice.option.slice(CARRIER_OPTION_PREFIX.length);
    const service = (await carrierServices(context, cep, lines, options.admitCarrierQuote))?.find((candidate) => candidate.id === id);
    if (!service) throw new DeliveryUnavailableError("Não conseguimos confirmar o frete escolhido agora. Escolha outra opção de entrega.");
    return { service: service.name, time: daysLabel(service.days), feeCents: service.priceCents, freeAboveCents: null };
  }
  // "local", and what older pages send (no option): the shop's own delivery, by bairro.
  const zones = await listDeliveryZones(context.db);
  const zone = findZone(zones, choice.city, choice.neighborhood, choice.state);
  if (zone) {
    return { service: `Entrega da loja — ${zone.neighborhood}`, time: zoneTimeLabel(zone), feeCents: zone.feeCents, freeAboveCents: zone.freeAboveCents };
  }
  if (zonesOfTown(zones, choice.city, choice.state).length === 0 && flatFeeTown(settings, choice.city) && (await inShopState(context.db, choice.state))) {
    return { service: "Entrega da loja", time: settings.deliveryDays, feeCents: settings.deliveryFeeCents, freeAboveCents: settings.freeShippingMinCents };
  }
  return ARRANGE_DECISION;
}
