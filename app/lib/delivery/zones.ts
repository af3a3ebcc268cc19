import { normalizeSearchText } from "../catalog/search-text";

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
