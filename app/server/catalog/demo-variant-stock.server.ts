// Demo stock per size × colour, shared by the first-start seed, the starter products and the tests:
// a shelf as a shoe shop has it, more pairs in the middle sizes, a few sizes sold out and a few with
// 1–3 left. Deterministic (seeded by the product's name), so a test can count on what it finds.
import { variantOptions, type VariantOption } from "~/lib/catalog/variants";
import { seededRandom, textSeed } from "./seeded-random.server";

/**
 * A shelf for the product. `total` 0: everything sold out. A product with up to four variants (a
 * colour or two, no sizes) gets exactly `total` units spread over them. A size grid gets a shelf of
 * its own, as a shoe shop stocks it: about one variant in five sold out, the others 1–8 units, more in
 * the middle sizes (so the total is not `total`).
 */
export function demoVariantStock(
  product: { name: string; sizes: readonly string[]; colors: readonly string[] },
  total: number,
): (VariantOption & { stock: number })[] {
  const options = variantOptions(product);
  const random = seededRandom(textSeed(product.name));
  if (total <= 0) return options.map((option) => ({ ...option, stock: 0 }));
  if (options.length <= 4) return spread(options, total, random);
  const rows = Math.max(product.sizes.length, 1);
  const columns = options.length / rows;
  const soldOut = new Set<number>();
  while (soldOut.size < Math.round(options.length / 5)) soldOut.add(Math.floor(random() * options.length));
  return options.map((option, index) => {
    if (soldOut.has(index)) return { ...option, stock: 0 };
    const row = Math.floor(index / columns);
    const middle = rows > 1 ? 1 - Math.abs(row - (rows - 1) / 2) / ((rows - 1) / 2) : 1;
    return { ...option, stock: Math.max(1, Math.round((1 + 5 * middle) * (0.5 + random()))) };
  });
}

/** `total` units over a few variants, at random but adding up. */
function spread(options: VariantOption[], total: number, random: () => number): (VariantOption & { stock: number })[] {
  const weights = options.map(() => 0.3 + random());
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const units = weights.map((weight) => Math.floor((total * weight) / weightSum));
  for (let left = total - units.reduce((sum, unit) => sum + unit, 0), i = 0; left > 0; left--, i = (i + 1) % units.length) units[i] = units[i]! + 1;
  return options.map((option, index) => ({ ...option, stock: units[index]! }));
}
