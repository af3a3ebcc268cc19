import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./catalog";
import { fieldErrors } from "./form-errors";
import {
  categoryFromText,
  productFormSchema,
  productFormValues,
  productToFormInput,
  STORE_OPTIONS,
  storeOptionFor,
  storeOptionFromText,
  type ProductFormInput,
} from "./product.schema";

const valid: ProductFormInput = {
  name: " Tênis Corrida ",
  description: "Leve e confortável.",
  price: "199,90",
  oldPrice: "249,90",
  category: "Esportivo",
  store: "sports",
  subcategory: "Corrida",
  brand: "Olympikus",
  stock: "7",
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
      stock: 7,
      sizes: ["40", "41"],
      colors: ["Preto", "Azul"],
      featured: true,
      active: true,
    });
  });

  it("gives the spec's messages, all at once", () => {
    expect(errorsOf({ sizes: [], colors: [], price: "12,9a", stock: "-3" })).toEqual({
      name: "Nome é obrigatório",
      description: "Descrição é obrigatória",
      price: "Informe um preço válido",
      category: "Selecione uma categoria",
      store: "Selecione uma loja",
      stock: "O estoque não pode ser negativo",
    });
    expect(errorsOf({ ...valid, price: "-5,00" }).price).toBe("O preço não pode ser negativo");
    expect(errorsOf({ ...valid, price: "" }).price).toBe("Informe o preço ou marque “Consultar preço”");
    expect(errorsOf({ ...valid, price: "10,999" }).price).toBe("Informe um preço válido");
    expect(errorsOf({ ...valid, oldPrice: "abc" }).oldPrice).toBe("Informe um preço válido");
    expect(errorsOf({ ...valid, stock: "2.5" }).stock).toBe("O estoque deve ser um número inteiro");
    expect(errorsOf({ ...valid, stock: "" }).stock).toBe("Informe o estoque");
    expect(errorsOf({ ...valid, category: "Calçados" }).category).toBe("Selecione uma categoria");
  });

  it("'Consultar preço' (no price field) saves no price and no old price", () => {
    const parsed = productFormSchema.parse({ ...valid, price: undefined, oldPrice: undefined });
    expect(parsed).toMatchObject({ priceCents: null, oldPriceCents: null });
  });

  it("reads the form data, with the lists as repeated fields and the consult checkbox", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Bola", description: "Oficial", price: "99,90", category: "Sports", store: "sports", stock: "2", consultPrice: "on" })) {
      form.set(name, value);
    }
    form.append("sizes", "P");
    form.append("sizes", "M");
    const values = productFormValues(form);
    expect(values).toMatchObject({ name: "Bola", price: undefined, sizes: ["P", "M"], colors: [] });
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
      stock: 0,
      sizes: [],
      colors: ["Preto"],
      featured: false,
      active: true,
    };
    expect(productFormSchema.parse(productToFormInput(product))).toEqual(product);
  });

  it("knows the six store options and the eight categories, by label or typed loosely", () => {
    expect(STORE_OPTIONS.map((option) => option.label)).toEqual([
      "Erick Calçados - Barreiros",
      "Erick Calçados - Sirinhaém",
      "Erick Variedades - Barreiros",
      "Erick Variedades - Sirinhaém",
      "Erick Magazine e Kids",
      "Erick Sports",
    ]);
    expect(storeOptionFromText("erick calcados-sirinhaem")).toBe("sirinhaem-calcados");
    expect(storeOptionFromText("Erick Sports")).toBe("sports");
    expect(storeOptionFromText("Loja X")).toBeNull();
    expect(storeOptionFor(null, "kids")).toBe("magazine-e-kids");
    expect(categoryFromText("ESPORTIVO")).toBe("Esportivo");
    expect(CATEGORIES).toHaveLength(8);
  });
});
