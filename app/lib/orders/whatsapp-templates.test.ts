import { describe, expect, it } from "vitest";
import { manualWhatsAppLinkOffered, whatsappFailureReason, whatsappParameterText, whatsappTopicForStatus } from "./whatsapp-templates";

describe("whatsappTopicForStatus", () => {
  it("sends nothing for 'Processando', 'Pronto para retirada' for a pick-up order's 'Enviado'", () => {
    expect(whatsappTopicForStatus("processing", "delivery")).toBeNull();
    expect(whatsappTopicForStatus("shipped", "pickup")).toBe("pickupReady");
    expect(whatsappTopicForStatus("shipped", "delivery")).toBe("shipped");
    expect(whatsappTopicForStatus("cancelled", "arrange")).toBe("cancelled");
  });
});

describe("whatsappParameterText", () => {
  it("makes a value Meta accepts: no line breaks or tabs, at most three spaces in a row, never empty", () => {
    expect(whatsappParameterText("Rua A, 10\nCentro\t(8h às 18h)")).toBe("Rua A, 10 Centro (8h às 18h)");
    expect(whatsappParameterText("a      b")).toBe("a   b");
    expect(whatsappParameterText("  ")).toBe("-");
    expect(whatsappParameterText("x".repeat(2000))).toHaveLength(1024);
  });
});

describe("whatsappFailureReason", () => {
  it("says the known codes in pt-BR and the others with Meta's title", () => {
    expect(whatsappFailureReason(131026, "Message undeliverable")).toBe("número sem WhatsApp (ou que não pode receber a mensagem)");
    expect(whatsappFailureReason(132001, null)).toMatch(/modelo de mensagem não aprovado/);
    expect(whatsappFailureReason(131047, null)).toBe("fora da janela de 24 horas");
    expect(whatsappFailureReason(999, "Odd")).toBe("erro 999 da Meta: Odd");
  });
});

describe("manualWhatsAppLinkOffered", () => {
  const base = { automatic: true, switchOn: true, topic: "shipped" as const };
  it("offers the manual link when the switch is on and no automatic message is on its way for the status", () => {
    expect(manualWhatsAppLinkOffered({ ...base, automatic: false, messages: [] })).toBe(true);
    expect(manualWhatsAppLinkOffered({ ...base, switchOn: false, automatic: false, messages: [] })).toBe(false);
    expect(manualWhatsAppLinkOffered({ ...base, switchOn: false, messages: [] })).toBe(false);
    expect(manualWhatsAppLinkOffered({ ...base, messages: [] })).toBe(true);
    expect(manualWhatsAppLinkOffered({ ...base, messages: [{ topic: "shipped", state: "read" }] })).toBe(false);
    expect(manualWhatsAppLinkOffered({ ...base, messages: [{ topic: "shipped", state: "failed" }] })).toBe(true);
    expect(manualWhatsAppLinkOffered({ ...base, messages: [{ topic: "pending", state: "read" }] })).toBe(true);
  });
});
