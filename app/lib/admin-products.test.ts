import { describe, expect, it } from "vitest";
import { hasAdminFilters, noticeFrom, parseAdminProductFilters } from "./admin-products";

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
});
