import { describe, expect, it } from "vitest";
import { CATEGORIES, genderForCategory } from "./categories";
import { fieldErrors } from "../forms/form-errors";
import { categoryFromText, genderFromText, PRODUCT_MESSAGES, productFormSchema, productToFormInput, type ProductFormInput } from "./product.schema";
import { productFormValues, stockFieldName } from "./product-form-fields";
import { storeOptionFor, storeOptionFromText } from "./store-options";
import { variantKey } from "./variants";

const valid: ProductFormInput = {
  name: " Tênis Corrida ",
  description: "Leve e confortável.",
  price: "199,90",
  oldPrice: "249,90",
  category: "Esportivo",
  store: "sports",
  subcategory: "Corrida",
  brand: "Olympikus",
  // A cell of a size no longer offered (39) is dropped; a size × colour without a cell has 0 units.
  stock: { [variantKey("40", "Preto")]: "7", [variantKey("41", "Azul")]: " 3 ", [variantKey("39", "Preto")]: "5" },
  sizes: ["40", " 41 ", "40", ""],
  colors: ["Preto", "preto", "Azul"],
  featured: "on",
  active: "on",
};

const errorsOf = (input: ProductFormInput) => {
  const parsed = productFormSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("product form schema", () => {
  it("parses prices in centavos, trims, drops blank and repeated sizes and colours", () => {
    expect(productFormSchema.parse(valid)).toEqual({
      name: "Tênis Corrida",
      description: "Leve e confortável.",
      priceCents: 199_90,
      oldPriceCents: 249_90,
      category: "Esportivo",
      store: "sports",
      subcategory: "Corrida",
      brand: "Olympikus",
      gender: "",
      variants: [
        { size: "40", color: "Preto", stock: 7 },
        { size: "40", color: "Azul", stock: 0 },
        { size: "41", color: "Preto", stock: 0 },
        { size: "41", color: "Azul", stock: 3 },
      ],
      sizes: ["40", "41"],
      colors: ["Preto", "Azul"],
      featured: true,
      active: true,
      // Left empty: the category's default box for carrier quotes.
      weightGrams: null,
      heightCm: null,
      widthCm: null,
      lengthCm: null,
    });
  });

  it("takes a gender of the four, or none, and refuses any other with a message", () => {
    expect(productFormSchema.parse({ ...valid, gender: "Feminino" }).gender).toBe("Feminino");
    expect(productFormSchema.parse({ ...valid, gender: "" }).gender).toBe("");
    expect(errorsOf({ ...valid, gender: "Menino" })).toEqual({ gender: PRODUCT_MESSAGES.genderInvalid });
    expect(genderFromText(" unissex ")).toBe("Unissex");
    expect(genderFromText("MASCULINO")).toBe("Masculino");
    expect(genderFromText("")).toBe("");
    expect(genderFromText("menina")).toBeNull();
  });

  it("proposes the gender a category names", () => {
    expect(genderForCategory("Feminino")).toBe("Feminino");
    expect(genderForCategory("Masculino")).toBe("Masculino");
    expect(genderForCategory("Infantil")).toBe("Infantil");
    expect(genderForCategory("Kids")).toBe("Infantil");
    expect(genderForCategory("Esportivo")).toBe("");
    expect(genderForCategory("Variedades")).toBe("");
  });

  it("gives the spec's messages, all at once", () => {
    expect(errorsOf({ sizes: [], colors: [], price: "12,9a", stock: { [variantKey("", "")]: "-3" } })).toEqual({
      name: "Nome é obrigatório",
      description: "Descrição é obrigatória",
      price: "Informe um preço válido",
      category: "Selecione uma categoria",
      store: "Selecione uma loja",
      'stock.["",""]': "O estoque não pode ser negativo",
    });
    expect(errorsOf({ ...valid, price: "-5,00" }).price).toBe("O preço não pode ser negativo");
    expect(errorsOf({ ...valid, price: "" }).price).toBe("Informe o preço ou marque “Consultar preço”");
    expect(errorsOf({ ...valid, price: "10,999" }).price).toBe("Informe um preço válido");
    expect(errorsOf({ ...valid, oldPrice: "abc" }).oldPrice).toBe("Informe um preço válido");
    expect(errorsOf({ ...valid, category: "Calçados" }).category).toBe("Selecione uma categoria");
  });

  it("reads a dot as thousands ('2.500' is R$ 2.500,00) or, before exactly two digits, as the decimal point ('89.90'); refuses an ambiguous dot with the expected form", () => {
    const priceOf = (price: string) => productFormSchema.parse({ ...valid, price, oldPrice: "" }).priceCents;
    expect(priceOf("2.500")).toBe(2_500_00);
    expect(priceOf("2.500,00")).toBe(2_500_00);
    expect(priceOf("12.990")).toBe(12_990_00);
    expect(priceOf("2,5")).toBe(2_50);
    const format = "Use o formato 1.234,56 (ponto nos milhares, vírgula nos centavos)";
    expect(priceOf("89.90")).toBe(89_90);
    expect(productFormSchema.parse({ ...valid, price: "89.90", oldPrice: "129.90" }).oldPriceCents).toBe(129_90);
    expect(errorsOf({ ...valid, price: "129.9" }).price).toBe(format);
    expect(errorsOf({ ...valid, price: "1,234.56" }).price).toBe(format);
    expect(errorsOf({ ...valid, oldPrice: "1.234.56" }).oldPrice).toBe(format);
  });

  it("checks each stock cell on its own, under its size × colour", () => {
    const cell = (size: string, color: string) => `stock.${variantKey(size, color)}`;
    const errors = errorsOf({
      ...valid,
      stock: { [variantKey("40", "Preto")]: "2.5", [variantKey("40", "Azul")]: "", [variantKey("41", "Preto")]: "-1", [variantKey("41", "Azul")]: "abc" },
    });
    expect(errors).toEqual({
      [cell("40", "Preto")]: "O estoque deve ser um número inteiro",
      [cell("40", "Azul")]: "Informe o estoque",
      [cell("41", "Preto")]: "O estoque não pode ser negativo",
      [cell("41", "Azul")]: "O estoque deve ser um número inteiro",
    });
    expect(errorsOf({ ...valid, stock: { [variantKey("40", "Preto")]: "1000001" } })).toEqual({ [cell("40", "Preto")]: "O estoque deve ser um número inteiro" });
  });

  it("gives a plain product one variant, and one per size or colour when it has only those", () => {
    const variants = (input: Partial<ProductFormInput>) => productFormSchema.parse({ ...valid, ...input }).variants;
    expect(variants({ sizes: [], colors: [], stock: { [variantKey("", "")]: "12" } })).toEqual([{ size: "", color: "", stock: 12 }]);
    expect(variants({ sizes: ["P", "M"], colors: [], stock: { [variantKey("M", "")]: "4" } })).toEqual([
      { size: "P", color: "", stock: 0 },
      { size: "M", color: "", stock: 4 },
    ]);
    // A size removed and a colour added: the grid is sizes × colours now, whatever cells were sent.
    expect(variants({ sizes: ["40"], colors: ["Azul", "Verde"] })).toEqual([
      { size: "40", color: "Azul", stock: 0 },
      { size: "40", color: "Verde", stock: 0 },
    ]);
  });

  it("'Consultar preço' (no price field) saves no price and no old price", () => {
    const parsed = productFormSchema.parse({ ...valid, price: undefined, oldPrice: undefined });
    expect(parsed).toMatchObject({ priceCents: null, oldPriceCents: null });
  });

  it("reads the form data, with the lists as repeated fields and the consult checkbox", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Bola", description: "Oficial", price: "99,90", category: "Sports", store: "sports", consultPrice: "on" })) {
      form.set(name, value);
    }
    form.append("sizes", "P");
    form.append("sizes", "M");
    form.set(stockFieldName("P", ""), "2");
    form.set(stockFieldName("M", ""), "0");
    const values = productFormValues(form);
    expect(values).toMatchObject({ name: "Bola", price: undefined, sizes: ["P", "M"], colors: [] });
    expect(values.stock).toEqual({ [variantKey("P", "")]: "2", [variantKey("M", "")]: "0" });
  });

  it("splits what was typed in a list's box but not added ('28, 29, 30', '34-36'), and keeps the chips as they are", () => {
    const form = new FormData();
    form.append("sizes", "27");
    form.append("sizes", "Tam, antigo");
    form.set("sizesTyped", "28, 29, 30, 34-36");
    form.set("colorsTyped", "Preto, Branco");
    expect(productFormValues(form)).toMatchObject({ sizes: ["27", "Tam, antigo", "28", "29", "30", "34", "35", "36"], colors: ["Preto", "Branco"] });
  });

  it("round-trips a saved product through the form's values", () => {
    const product = {
      name: "Bolsa",
      description: "Couro",
      priceCents: 1_299_90,
      oldPriceCents: null,
      category: "Variedades",
      store: "sirinhaem-variedades" as const,
      subcategory: "",
      brand: "",
      gender: "",
      variants: [{ size: "", color: "Preto", stock: 4 }],
      sizes: [],
      colors: ["Preto"],
      featured: false,
      active: true,
      weightGrams: 450,
      heightCm: null,
      widthCm: 25,
      lengthCm: null,
    };
    expect(productFormSchema.parse(productToFormInput(product))).toEqual(product);
  });

  it("reads weight and size as whole grams and centimetres, empty for the category's default, and refuses the rest", () => {
    const base = { ...productToFormInputOfBag(), weightGrams: "800", heightCm: "", widthCm: " 20 ", lengthCm: undefined };
    expect(productFormSchema.parse(base)).toMatchObject({ weightGrams: 800, heightCm: null, widthCm: 20, lengthCm: null });
    const refused = productFormSchema.safeParse({ ...base, weightGrams: "0,8", heightCm: "0", widthCm: "201", lengthCm: "dez" });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries((refused.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      weightGrams: "Peso em gramas, um número inteiro (ex.: 800), ou vazio",
      heightCm: "Altura em centímetros, um número inteiro (ex.: 12), ou vazio",
      widthCm: "Largura em centímetros, um número inteiro (ex.: 20), ou vazio",
      lengthCm: "Comprimento em centímetros, um número inteiro (ex.: 30), ou vazio",
    });
  });

  it("finds a store by its name typed loosely (the old dashed labels too) or its slug, and a product's option", () => {
    // The options are the database's (listStoreOptions); the seed's names, in part.
    const stores = [
      { value: "barreiros-calcados", label: "Erick Calçados Barreiros", shop: "calcados" },
      { value: "sirinhaem-calcados", label: "Erick Calçados Sirinhaém", shop: "calcados" },
      { value: "magazine-e-kids", label: "Erick Magazine e Kids", shop: "kids" },
      { value: "sports", label: "Erick Sports", shop: "sports" },
    ];
    expect(storeOptionFromText(stores, "erick calcados-sirinhaem")).toBe("sirinhaem-calcados");
    expect(storeOptionFromText(stores, "Erick Calçados - Barreiros")).toBe("barreiros-calcados");
    expect(storeOptionFromText(stores, " BARREIROS-CALCADOS ")).toBe("barreiros-calcados");
    expect(storeOptionFromText(stores, "Erick Sports")).toBe("sports");
    expect(storeOptionFromText(stores, "Loja X")).toBeNull();
    expect(storeOptionFor(stores, null, "kids")?.value).toBe("magazine-e-kids");
    expect(storeOptionFor(stores, "sirinhaem-calcados", "calcados")?.value).toBe("sirinhaem-calcados");
    expect(storeOptionFor(stores, null, "variedades")).toBeNull();
    expect(categoryFromText("ESPORTIVO")).toBe("Esportivo");
    expect(CATEGORIES).toHaveLength(8);
  });
});

function productToFormInputOfBag() {
  return productToFormInput({
    name: "Bolsa",
    description: "Couro",
    priceCents: 1_299_90,
    oldPriceCents: null,
    category: "Variedades",
    store: "sirinhaem-variedades",
    subcategory: "",
    brand: "",
    gender: "",
    variants: [{ size: "", color: "Preto", stock: 4 }],
    sizes: [],
    colors: ["Preto"],
    featured: false,
    active: true,
    weightGrams: null,
    heightCm: null,
    widthCm: null,
    lengthCm: null,
  });
}
