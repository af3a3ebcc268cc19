import { describe, expect, it } from "vitest";
import { withArticle } from "./store-name";

describe("withArticle", () => {
  it("joins the article to the preposition as Portuguese does", () => {
    const grupo = { storeName: "Grupo Erick", storeArticle: "o" } as const;
    const lojas = { storeName: "Lojas Erick", storeArticle: "as" } as const;
    expect(`Bem-vindo ${withArticle("a", grupo)}`).toBe("Bem-vindo ao Grupo Erick");
    expect(`Bem-vindo ${withArticle("a", lojas)}`).toBe("Bem-vindo às Lojas Erick");
    expect(`site ${withArticle("de", lojas)}`).toBe("site das Lojas Erick");
    expect(`conta ${withArticle("em", { storeName: "Loja Erick", storeArticle: "a" })}`).toBe("conta na Loja Erick");
    expect(`Por que escolher ${withArticle("", lojas)}?`).toBe("Por que escolher as Lojas Erick?");
  });
});
