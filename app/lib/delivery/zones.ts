import { normalizeSearchText } from "../format/search-text";
import { formatBRL } from "../format/money";

/** The 27 federative units, for the state select. */
export const BRAZILIAN_STATES = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB",
  "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;

export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/** One bairro of a town the shop delivers to itself, as /admin/entregas keeps it. Money in centavos. */
export type DeliveryZone = {
  id: number;
  city: string;
  state: string;
  neighborhood: string;
  feeCents: number;
  /** Subtotals of at least this go free; null: never free. */
  freeAboveCents: number | null;
  deliveryTime: string;
  cutoff: string;
};

/** What the checkout's delivery step may offer for an address: the shop's own delivery, a carrier, the table by state, or WhatsApp. */
export type DeliveryOption = {
  /** What the form sends as `deliveryOption`: "local", "carrier:<service id>", "table" or "arrange". */
  id: string;
  label: string;
  /** null: agreed on WhatsApp. */
  feeCents: number | null;
  /** In words: "em até 2 dias úteis · pedidos até 16h saem hoje". */
  time: string;
};

export const LOCAL_OPTION = "local";
export const TABLE_OPTION = "table";
export const ARRANGE_OPTION = "arrange";
export const CARRIER_OPTION_PREFIX = "carrier:";

export const ARRANGE_DELIVERY: DeliveryOption = {
  id: ARRANGE_OPTION,
  label: "Combinar pelo WhatsApp",
  feeCents: null,
  time: "a loja responde com o valor e o prazo",
};

/** The same town or bairro, ignoring case and accents ("Sirinhaem" is "Sirinhaém"). */
export function samePlace(a: string, b: string): boolean {
  return normalizeSearchText(a) === normalizeSearchText(b);
}

/**
 * The bairros of a town the shop delivers to, in the owner's order; empty when the town has none.
 * With `state` (the CEP's), a town of that name in another state has none.
 */
export function zonesOfTown(zones: readonly DeliveryZone[], city: string, state?: string | null): DeliveryZone[] {
  return city.trim() ? zones.filter((zone) => samePlace(zone.city, city) && (!state || zone.state === state)) : [];
}

/** The owner's row for this bairro of this town (ignoring case and accents), or null; `state` as zonesOfTown's. */
export function findZone(zones: readonly DeliveryZone[], city: string, neighborhood: string, state?: string | null): DeliveryZone | null {
  if (!neighborhood.trim()) return null;
  return zonesOfTown(zones, city, state).find((zone) => samePlace(zone.neighborhood, neighborhood)) ?? null;
}

/** The zone's fee for an order of this subtotal: free at or above its free-above amount. */
export function zoneFeeCents(zone: Pick<DeliveryZone, "feeCents" | "freeAboveCents">, subtotalCents: number): number {
  return zone.freeAboveCents !== null && subtotalCents >= zone.freeAboveCents ? 0 : zone.feeCents;
}

/** "em até 1 dia útil · pedidos até 16h saem hoje" */
export function zoneTimeLabel(zone: Pick<DeliveryZone, "deliveryTime" | "cutoff">): string {
  return [zone.deliveryTime, zone.cutoff].filter(Boolean).join(" · ");
}

/** The local delivery option for a bairro of the list at this subtotal. */
export function localOption(zone: DeliveryZone, subtotalCents: number): DeliveryOption {
  return { id: LOCAL_OPTION, label: `Entrega da loja — ${zone.neighborhood}`, feeCents: zoneFeeCents(zone, subtotalCents), time: zoneTimeLabel(zone) };
}

/** What the product page and the cart say of the shop's own delivery, from its bairros (storefront shell). */
export type DeliverySummary = {
  /** "Entrega em Barreiros e Sirinhaém: de R$ 5,00 a R$ 15,00 conforme o bairro; grátis a partir de R$ 300,00 em alguns bairros" */
  note: string;
  /** The lowest amount from which some bairro's delivery is free, for the cart's "Faltam …"; null: none is. */
  freeFromCents: number | null;
  /** Every bairro's delivery is free from freeFromCents. */
  freeEverywhere: boolean;
};

const townList = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });

/** The bairros' fees and free-delivery amounts in one sentence a shopper reads; null without bairros. */
export function deliverySummary(zones: readonly Pick<DeliveryZone, "city" | "feeCents" | "freeAboveCents">[]): DeliverySummary | null {
  if (zones.length === 0) return null;
  const towns = [...new Map(zones.map((zone) => [normalizeSearchText(zone.city), zone.city.trim()])).values()];
  const fees = zones.map((zone) => zone.feeCents);
  const [lowest, highest] = [Math.min(...fees), Math.max(...fees)];
  const fee = lowest === highest ? formatBRL(lowest) : `de ${formatBRL(lowest)} a ${formatBRL(highest)} conforme o bairro`;
  const free = zones.flatMap((zone) => (zone.freeAboveCents === null ? [] : [zone.freeAboveCents]));
  const freeFromCents = free.length ? Math.min(...free) : null;
  const freeEverywhere = free.length === zones.length && free.every((amount) => amount === freeFromCents);
  const freeText = freeFromCents === null ? "" : `; grátis a partir de ${formatBRL(freeFromCents)}${freeEverywhere ? "" : " em alguns bairros"}`;
  return { note: `Entrega em ${townList.format(towns)}: ${fee}${freeText}`, freeFromCents, freeEverywhere };
}
