import { describe, expect, it } from "vitest";
import { hasAdminFilters, lowVariantsLabel, noticeFrom, parseAdminProductFilters } from "./admin-products";

describe("admin product list URL", () => {
  it("reads the filters, ignoring what it does not know", () => {
    expect(parseAdminProductFilters(new URLSearchParams("q=  sandália  rasteira &categoria=Feminino&loja=calcados&estoque=sem&pagina=3"))).toEqual({
      q: "sandália rasteira",
      category: "Feminino",
      shop: "calcados",
      stock: "sem",
      page: 3,
    });
    const odd = parseAdminProductFilters(new URLSearchParams("categoria=Sapatos&loja=x&estoque=talvez&pagina=-1"));
    expect(odd).toEqual({ q: "", category: null, shop: null, stock: "all", page: 1 });
    expect(hasAdminFilters(odd)).toBe(false);
  });

  it("shows only the notices it knows", () => {
    expect(noticeFrom(new URLSearchParams("aviso=excluido"))).toBe("excluido");
    expect(noticeFrom(new URLSearchParams("aviso=<script>"))).toBeNull();
    expect(noticeFrom(new URLSearchParams("aviso=toString"))).toBeNull();
  });

  it("flags the sizes or colours with 0–3 units, only where the total does not say it", () => {
    const row = { stock: 20, sizeCount: 4, colorCount: 0, lowVariants: 2 };
    expect(lowVariantsLabel(row)).toBe("2 tamanhos com 0–3");
    expect(lowVariantsLabel({ ...row, lowVariants: 1 })).toBe("1 tamanho com 0–3");
    expect(lowVariantsLabel({ ...row, sizeCount: 0, colorCount: 3 })).toBe("2 cores com 0–3");
    expect(lowVariantsLabel({ ...row, colorCount: 2 })).toBe("2 variações com 0–3");
    expect(lowVariantsLabel({ ...row, lowVariants: 0 })).toBeNull();
    // One variant: 'Estoque: 2' already says it; none left: 'Sem estoque' does.
    expect(lowVariantsLabel({ stock: 2, sizeCount: 1, colorCount: 1, lowVariants: 1 })).toBeNull();
    expect(lowVariantsLabel({ ...row, stock: 0, lowVariants: 4 })).toBeNull();
  });

  it("filters by low and to-be-checked stock", () => {
    expect(parseAdminProductFilters(new URLSearchParams("estoque=baixo")).stock).toBe("baixo");
    expect(parseAdminProductFilters(new URLSearchParams("estoque=conferir")).stock).toBe("conferir");
  });
});
