/** A product as a carrier measures it: centimetres and kilograms. */
export type PackageSize = { widthCm: number; heightCm: number; lengthCm: number; weightKg: number };

/**
 * What a unit of each category weighs and measures boxed, so no product ever blocks a quote. A shoe
 * box is the common case; toys and home goods are bulkier and lighter per litre.
 */
const CATEGORY_PACKAGES: Record<string, PackageSize> = {
  Feminino: { widthCm: 20, heightCm: 12, lengthCm: 30, weightKg: 0.8 },
  Masculino: { widthCm: 20, heightCm: 13, lengthCm: 32, weightKg: 1 },
  Infantil: { widthCm: 16, heightCm: 10, lengthCm: 22, weightKg: 0.5 },
  Esportivo: { widthCm: 20, heightCm: 13, lengthCm: 32, weightKg: 1 },
  Sports: { widthCm: 22, heightCm: 15, lengthCm: 30, weightKg: 0.9 },
  Kids: { widthCm: 25, heightCm: 20, lengthCm: 30, weightKg: 0.7 },
  Magazine: { widthCm: 25, heightCm: 15, lengthCm: 30, weightKg: 0.8 },
  Variedades: { widthCm: 20, heightCm: 15, lengthCm: 25, weightKg: 0.6 },
};

/** Anything else: a medium box. */
const DEFAULT_PACKAGE: PackageSize = { widthCm: 20, heightCm: 15, lengthCm: 30, weightKg: 1 };

export function packageForCategory(category: string): PackageSize {
  return CATEGORY_PACKAGES[category] ?? DEFAULT_PACKAGE;
}

/** What the owner typed on the product (grams, whole centimetres); null where the category's default stands. */
export type ProductPackage = { category: string; weightGrams: number | null; heightCm: number | null; widthCm: number | null; lengthCm: number | null };

/** A product's box for a quote: each measure the owner typed, the category's default for the others. */
export function packageForProduct(product: ProductPackage): PackageSize {
  const fallback = packageForCategory(product.category);
  return {
    weightKg: product.weightGrams === null ? fallback.weightKg : product.weightGrams / 1000,
    heightCm: product.heightCm ?? fallback.heightCm,
    widthCm: product.widthCm ?? fallback.widthCm,
    lengthCm: product.lengthCm ?? fallback.lengthCm,
  };
}
