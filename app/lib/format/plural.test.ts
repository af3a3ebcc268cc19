import { describe, expect, it } from "vitest";
import { countLabel, pluralForm } from "./plural";

describe("countLabel and pluralForm", () => {
  it("agrees the word with the count, with 0 in the plural", () => {
    expect(countLabel(1, "pedido", "pedidos")).toBe("1 pedido");
    expect(countLabel(2, "pedido", "pedidos")).toBe("2 pedidos");
    expect(countLabel(0, "pedido", "pedidos")).toBe("0 pedidos");
    expect(countLabel(1234, "produto", "produtos")).toBe("1.234 produtos");
    expect(`${countLabel(1, "cliente", "clientes")} ${pluralForm(1, "encontrado", "encontrados")}`).toBe("1 cliente encontrado");
    expect(pluralForm(3, "encontrado", "encontrados")).toBe("encontrados");
  });
});
