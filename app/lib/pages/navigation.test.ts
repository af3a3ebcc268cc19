import { describe, expect, it } from "vitest";
import { mainNav } from "./navigation";

describe("mainNav", () => {
  it("links each shop of the code, in its order, under the short name the database gives it", () => {
    const shops = [
      { slug: "sports", shortName: "Esportes" },
      { slug: "kids", shortName: "Magazine e Kids" },
      { slug: "calcados", shortName: "Calçados" },
      { slug: "variedades", shortName: "Variedades" },
    ];
    expect(mainNav(shops)).toEqual([
      { to: "/", label: "INÍCIO" },
      { to: "/produtos", label: "PRODUTOS" },
      { to: "/calcados", label: "CALÇADOS" },
      { to: "/variedades", label: "VARIEDADES" },
      { to: "/kids", label: "MAGAZINE E KIDS" },
      { to: "/sports", label: "ESPORTES" },
      { to: "/lojas", label: "NOSSAS LOJAS" },
    ]);
  });

  it("has no link for a shop the database lacks, nor for a row no route serves", () => {
    const links = mainNav([
      { slug: "calcados", shortName: "Calçados" },
      { slug: "outlet", shortName: "Outlet" },
    ]).map((link) => link.to);
    expect(links).toEqual(["/", "/produtos", "/calcados", "/lojas"]);
  });
});
