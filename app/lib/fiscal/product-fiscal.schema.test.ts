import { describe, expect, it } from "vitest";
import { z } from "~/lib/forms/validation";
import { CATEGORY_NCM_MESSAGES, eanProblem, formatNcm, parseCategoryNcmForm, PRODUCT_FISCAL_MESSAGES, productFiscalFields } from "./product-fiscal.schema";
import { STORE_FISCAL_MESSAGES, storeFiscalFormSchema } from "./store-fiscal.schema";
import { cscTokenHint, storeFiscalIdentityOf } from "./store-fiscal";

const fields = z.object(productFiscalFields);

describe("a product's fiscal fields", () => {
  it("keeps the NCM as its digits, leaves an absent field undefined (as stored) and an empty NCM empty (the category's)", () => {
    expect(fields.parse({ ncm: " 6403.99.90 ", cfopInState: "5102", cfopOutOfState: "6102", taxOrigin: "0", taxSituation: "102", cest: "28.057.00" })).toEqual({
      ncm: "64039990",
      cfopInState: "5102",
      cfopOutOfState: "6102",
      taxOrigin: "0",
      taxSituation: "102",
      cest: "2805700",
    });
    expect(fields.parse({})).toEqual({ ncm: undefined, cfopInState: undefined, cfopOutOfState: undefined, taxOrigin: undefined, taxSituation: undefined, cest: undefined });
    expect(fields.parse({ ncm: "", cest: "" })).toMatchObject({ ncm: "", cest: "" });
    expect(formatNcm("64039990")).toBe("6403.99.90");
  });

  it("refuses each field out of format with its pt-BR message", () => {
    const result = fields.safeParse({ ncm: "6403.99", cfopInState: "6102", cfopOutOfState: "5102", taxOrigin: "9", taxSituation: "1", cest: "123" });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      ncm: PRODUCT_FISCAL_MESSAGES.ncm,
      cfopInState: PRODUCT_FISCAL_MESSAGES.cfopInState,
      cfopOutOfState: PRODUCT_FISCAL_MESSAGES.cfopOutOfState,
      taxOrigin: PRODUCT_FISCAL_MESSAGES.taxOrigin,
      taxSituation: PRODUCT_FISCAL_MESSAGES.taxSituation,
      cest: PRODUCT_FISCAL_MESSAGES.cest,
    });
  });

  it("takes an EAN with its check digit right, or none", () => {
    expect(eanProblem("")).toBeNull();
    expect(eanProblem(" 7891234567895 ")).toBeNull();
    expect(eanProblem("7891234567890")).toBe(PRODUCT_FISCAL_MESSAGES.ean);
    expect(eanProblem("abc")).toBe(PRODUCT_FISCAL_MESSAGES.ean);
  });

  it("reads the categories' NCM, an empty one removing the default", () => {
    expect(parseCategoryNcmForm({ "categoryNcm:Feminino": "6402.99.90", "categoryNcm:Masculino": "" }, ["Feminino", "Masculino", "Infantil"])).toEqual({
      ok: true,
      defaults: new Map([
        ["Feminino", "64029990"],
        ["Masculino", ""],
      ]),
    });
    expect(parseCategoryNcmForm({ "categoryNcm:Feminino": "123" }, ["Feminino"])).toEqual({ ok: false, errors: { "categoryNcm:Feminino": CATEGORY_NCM_MESSAGES.ncm } });
  });
});

describe("a store's fiscal identity", () => {
  const form = { storeId: "3", cnpj: "11.222.333/0001-81", stateRegistration: "0321418-40", taxRegime: "simples", nfceSeries: "1", nfeSeries: "1", cscId: "000001", cscToken: "" };

  it("keeps the CNPJ and IE as digits, the series as numbers; an empty token keeps the stored one", () => {
    expect(storeFiscalFormSchema.parse(form)).toEqual({ storeId: 3, cnpj: "11222333000181", stateRegistration: "032141840", taxRegime: "simples", nfceSeries: 1, nfeSeries: 1, cscId: "000001", cscToken: "" });
    expect(storeFiscalFormSchema.parse({ ...form, cnpj: "", stateRegistration: "isento" })).toMatchObject({ cnpj: "", stateRegistration: "ISENTO" });
  });

  it("refuses a CNPJ with a wrong check digit, a series, a CSC id or token out of format", () => {
    const result = storeFiscalFormSchema.safeParse({ ...form, cnpj: "11.222.333/0001-82", nfeSeries: "1000", cscId: "abc", cscToken: "curto", taxRegime: "lucro" });
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
      cnpj: STORE_FISCAL_MESSAGES.cnpj,
      nfeSeries: STORE_FISCAL_MESSAGES.series,
      cscId: STORE_FISCAL_MESSAGES.cscId,
      cscToken: STORE_FISCAL_MESSAGES.cscToken,
      taxRegime: STORE_FISCAL_MESSAGES.taxRegime,
    });
  });

  it("shows the CNPJ formatted and the CSC token only by its last four characters", () => {
    expect(cscTokenHint("")).toBe("");
    expect(cscTokenHint("A1B2C3D4E5F6G7H8")).toBe("••••G7H8");
    const shown = storeFiscalIdentityOf({ id: 1, name: "Loja", cnpj: "11222333000181", stateRegistration: "", taxRegime: "normal", nfceSeries: 1, nfeSeries: 2, cscId: "1", cscToken: "A1B2C3D4E5F6G7H8" });
    expect(shown).toEqual({ id: 1, name: "Loja", cnpj: "11.222.333/0001-81", stateRegistration: "", taxRegime: "normal", nfceSeries: 1, nfeSeries: 2, cscId: "1", cscTokenHint: "••••G7H8" });
    expect(JSON.stringify(shown)).not.toContain("A1B2C3D4E5F6G7H8");
  });
});
