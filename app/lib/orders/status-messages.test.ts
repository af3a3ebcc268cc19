import { describe, expect, it } from "vitest";
import { DEFAULT_STATUS_MESSAGES, renderStatusMessage, shopperStatusLabel, statusMessageKey } from "./status-messages";

const values = { nome: "Maria", pedido: "AB12", status: "Enviado", link: "https://x/pedido/t", loja: "Grupo Erick", endereco_loja: "" };

describe("status messages", () => {
  it("fills each known placeholder, every time it appears, and leaves other braces alone", () => {
    expect(renderStatusMessage("{nome} {nome} #{pedido} {status} {link} {loja} {outro}", values)).toBe("Maria Maria #AB12 Enviado https://x/pedido/t Grupo Erick {outro}");
  });

  it("greets without a name as 'Olá!'", () => {
    expect(renderStatusMessage(DEFAULT_STATUS_MESSAGES.delivered, { ...values, nome: "" })).toMatch(/^Olá! Seu pedido #AB12/);
  });

  it("a pick-up order's 'Enviado' is 'Pronto para retirada', with its own text", () => {
    expect(shopperStatusLabel("shipped", "pickup")).toBe("Pronto para retirada");
    expect(shopperStatusLabel("shipped", "delivery")).toBe("Enviado");
    expect(statusMessageKey("shipped", "pickup")).toBe("pickupReady");
    expect(statusMessageKey("processing", "pickup")).toBe("processing");
  });
});
