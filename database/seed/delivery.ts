/**
 * The demo's delivery zones and fallback table, so a new owner sees how /admin/entregas works: a few
 * bairros of Barreiros and Sirinhaém with different fees (the centre cheapest, the districts farther out
 * dearer, the beach a day later), and carrier fees by state for when Melhor Envio cannot answer.
 * The owner changes or removes every row.
 */
const SAME_DAY = { deliveryTime: "no mesmo dia", cutoff: "pedidos até 16h saem hoje" };
const NEXT_DAY = { deliveryTime: "no dia seguinte", cutoff: "pedidos até 16h saem amanhã cedo" };

export const SEED_DELIVERY_ZONES = [
  { city: "Barreiros", neighborhood: "Centro", feeCents: 5_00, freeAboveCents: 300_00, ...SAME_DAY },
  { city: "Barreiros", neighborhood: "Cohab", feeCents: 7_00, freeAboveCents: 300_00, ...SAME_DAY },
  { city: "Barreiros", neighborhood: "Vila Nova", feeCents: 7_00, freeAboveCents: 300_00, ...SAME_DAY },
  { city: "Barreiros", neighborhood: "Usina Central Barreiros", feeCents: 15_00, freeAboveCents: 400_00, ...NEXT_DAY },
  { city: "Sirinhaém", neighborhood: "Centro", feeCents: 5_00, freeAboveCents: 300_00, ...SAME_DAY },
  { city: "Sirinhaém", neighborhood: "Cohab", feeCents: 8_00, freeAboveCents: 300_00, ...SAME_DAY },
  { city: "Sirinhaém", neighborhood: "Barra de Sirinhaém", feeCents: 15_00, freeAboveCents: 400_00, ...NEXT_DAY },
].map((zone) => ({ ...zone, state: "PE" }));

export const SEED_FALLBACK_RATES = [
  { state: "PE", feeCents: 25_00, deliveryTime: "em até 5 dias úteis" },
  { state: "AL", feeCents: 30_00, deliveryTime: "em até 6 dias úteis" },
  { state: "PB", feeCents: 30_00, deliveryTime: "em até 6 dias úteis" },
  { state: "BA", feeCents: 40_00, deliveryTime: "em até 8 dias úteis" },
  { state: "SP", feeCents: 55_00, deliveryTime: "em até 10 dias úteis" },
  { state: "RJ", feeCents: 55_00, deliveryTime: "em até 10 dias úteis" },
];
