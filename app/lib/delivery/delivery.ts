import { normalizeSearchText } from "../format/search-text";

export type DeliveryMethod = "delivery" | "pickup";

/** The settings' delivery fields, named here rather than picked from Settings: the group's settings sit above delivery. */
export type DeliverySettings = { deliveryCities: string[]; deliveryFeeCents: number; freeShippingMinCents: number };

/**
 * Delivery fee in centavos: free when picked up in a store; in the delivery cities, free at or above
 * the free-shipping minimum and otherwise the fee; elsewhere null, meaning 'A combinar'.
 */
export function deliveryFeeCents(
  settings: DeliverySettings,
  method: DeliveryMethod,
  city: string,
  subtotalCents: number,
): number | null {
  if (method === "pickup") return 0;
  const wanted = normalizeSearchText(city);
  const served = settings.deliveryCities.some((candidate) => normalizeSearchText(candidate) === wanted);
  if (!served) return null;
  return subtotalCents >= settings.freeShippingMinCents ? 0 : settings.deliveryFeeCents;
}
