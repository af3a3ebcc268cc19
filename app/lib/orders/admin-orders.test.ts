import { describe, expect, it } from "vitest";
import { customerWhatsAppNumber, orderStatusMessage, parseOrderFilters } from "./admin-orders";

describe("customerWhatsAppNumber", () => {
  it("adds Brazil's 55 to a phone typed any way, keeps one that has it, refuses one too short", () => {
    expect(customerWhatsAppNumber("(81) 99999-8888")).toBe("5581999998888");
    expect(customerWhatsAppNumber("81 3675-1995")).toBe("558136751995");
    expect(customerWhatsAppNumber("+55 81 99999-8888")).toBe("5581999998888");
    expect(customerWhatsAppNumber("99999-8888")).toBeNull();
    expect(customerWhatsAppNumber("")).toBeNull();
    expect(customerWhatsAppNumber(null)).toBeNull();
  });
});

describe("orderStatusMessage", () => {
  it("greets by first name and says the status in pt-BR, with the order link", () => {
    const text = orderStatusMessage({
      name: "Maria da Silva",
      code: "AB12CD34",
      status: "shipped",
      orderUrl: "https://loja.test/pedido/xyz",
      storeName: "Grupo Erick",
    });
    expect(text.split("\n")).toEqual([
      "Olá, Maria! Seu pedido #AB12CD34 está: Enviado. Ele já está a caminho.",
      "",
      "Acompanhe o pedido: https://loja.test/pedido/xyz",
      "Grupo Erick",
    ]);
    expect(orderStatusMessage({ name: "", code: "X", status: "cancelled", orderUrl: "u", storeName: "S" })).toMatch(/^Olá! Seu pedido #X está: Cancelado\./);
  });
});

describe("parseOrderFilters", () => {
  it("keeps known statuses and sane pages only", () => {
    expect(parseOrderFilters(new URLSearchParams("status=processing&q=%20maria%20&pagina=3"))).toEqual({ status: "processing", q: "maria", page: 3, payment: null, store: null });
    expect(parseOrderFilters(new URLSearchParams("status=lost&pagina=-1"))).toEqual({ status: null, q: "", page: 1, payment: null, store: null });
    expect(parseOrderFilters(new URLSearchParams("pagina=2.5"))).toEqual({ status: null, q: "", page: 1, payment: null, store: null });
    expect(parseOrderFilters(new URLSearchParams("loja=3")).store).toBe(3);
    expect(parseOrderFilters(new URLSearchParams("loja=tres")).store).toBe(null);
  });
});
