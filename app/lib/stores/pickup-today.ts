// "Retire hoje: Barreiros (2), Sirinhaém (1)": where the chosen size × colour is on a shelf today, by
// town (the units of the stores that serve online there added up), in the stores' order.

/** One town's units of each of a product's variants, in grid order (app/lib/catalog/variants.ts). */
export type PickupTown = { town: string; units: number[] };

/**
 * The line for the variant at `index`; null when no town has it. The page's units stop at `shownUpTo`
 * (app/lib/catalog/variants.ts shownStockCap): a town with that many says "10+".
 */
export function pickupTodayText(towns: readonly PickupTown[], index: number, shownUpTo: number): string | null {
  const holding = towns.filter((town) => (town.units[index] ?? 0) > 0);
  if (index < 0 || holding.length === 0) return null;
  const count = (units: number) => (units >= shownUpTo ? `${shownUpTo}+` : String(units));
  return `Retire hoje: ${holding.map((town) => `${town.town} (${count(town.units[index]!)})`).join(", ")}`;
}
