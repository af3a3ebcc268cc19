import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, checkoutSchema, orderEnvelopeSchema } from "./checkout.schema";
import { fieldErrors } from "../forms/form-errors";

const valid = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "(81) 99999-8888",
  address: "Rua da Praia",
  number: "10",
  neighborhood: "Centro",
  city: "Barreiros",
};

function errorsOf(input: Record<string, unknown>) {
  const result = checkoutSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("checkoutSchema", () => {
  it("gives the spec's messages for every required field, after trimming", () => {
    expect(
      errorsOf({ name: "  ", email: "", phone: " ", address: "", number: "", neighborhood: "", city: "" }),
    ).toEqual({
      name: "Nome é obrigatório",
      phone: "Telefone é obrigatório",
      address: "Endereço é obrigatório",
      number: "Número é obrigatório",
      neighborhood: "Bairro é obrigatório",
      city: "Cidade é obrigatória",
    });
  });

  it("treats a missing field like an empty one", () => {
    expect(errorsOf({}).name).toBe("Nome é obrigatório");
  });

  it("accepts a complete form with defaults for state, payment and instalments", () => {
    const result = checkoutSchema.parse(valid);
    expect(result).toMatchObject({ state: "PE", paymentMethod: "credit", installments: 1, cpf: "", cep: "" });
  });

  it("keeps the e-mail optional (the shop reaches shoppers by phone) but checks it when given", () => {
    expect(errorsOf({ ...valid, email: "" })).toEqual({});
    expect(errorsOf({ ...valid, email: undefined })).toEqual({});
    expect(checkoutSchema.parse({ ...valid, email: "  " }).email).toBe("");
    expect(errorsOf({ ...valid, email: "maria@" }).email).toBe("Informe um e-mail válido");
  });

  it("keeps CPF and CEP optional but checks them when given", () => {
    expect(errorsOf({ ...valid, cpf: "529.982.247-25", cep: "55560-000" })).toEqual({});
    expect(errorsOf({ ...valid, cpf: "529.982.247-24" }).cpf).toBe("Confira o CPF: os dígitos não conferem");
    expect(errorsOf({ ...valid, cep: "555" }).cep).toBe("O CEP tem 8 dígitos");
  });

  it("needs no address for pick-up, but a store", () => {
    for (const pickupLocationId of [undefined, "", "abc", "-1"]) {
      expect(errorsOf({ name: "A", email: "a@b.co", phone: "81999998888", deliveryMethod: "pickup", pickupLocationId })).toEqual({
        pickupLocationId: "Escolha a loja para retirada",
      });
    }
  });

  it("refuses overlong values and unknown payment methods", () => {
    expect(errorsOf({ ...valid, name: "x".repeat(101) }).name).toBe("Use no máximo 100 caracteres");
    expect(errorsOf({ ...valid, paymentMethod: "bitcoin" }).paymentMethod).toBe("Escolha a forma de pagamento");
  });
});

describe("orderEnvelopeSchema", () => {
  it("parses the cart lines and refuses broken ones", () => {
    const base = { idempotencyKey: "abcdefghijklmnop" };
    const ok = orderEnvelopeSchema.safeParse({
      ...base,
      lines: JSON.stringify([{ productId: 1, size: "38", color: null, quantity: 2 }]),
    });
    expect(ok.success).toBe(true);
    for (const lines of ["[]", "nope", JSON.stringify([{ productId: 1, size: null, color: null, quantity: 0.5 }])]) {
      expect(orderEnvelopeSchema.safeParse({ ...base, lines }).success).toBe(false);
    }
  });
});

describe("checkoutSchema and the WhatsApp text", () => {
  it("makes names and addresses one line, so they cannot put a forged block before the real one", () => {
    const parsed = checkoutSchema.parse({ ...valid, name: "Ana\n\n*Itens*\n1. Tênis x 1\n*Total: R$ 1,00*", address: "Rua A\r\nEntrega: Grátis" });
    expect(parsed.name).toBe("Ana *Itens* 1. Tênis x 1 *Total: R$ 1,00*");
    expect(parsed.address).toBe("Rua A Entrega: Grátis");
  });

  it("removes bidi overrides and NUL bytes", () => {
    const parsed = checkoutSchema.parse({ ...valid, name: "Ana\u202e\u0000 Maria", neighborhood: "Centro\u2066" });
    expect(parsed.name).toBe("Ana Maria");
    expect(parsed.neighborhood).toBe("Centro");
  });

  it("keeps the notes' line breaks but no line that looks like a total", () => {
    expect(checkoutSchema.parse({ ...valid, notes: "Portão azul\n*Total: R$ 1,00*" }).notes).toBe("Portão azul\nObs.: Total: R$ 1,00*");
  });

  it("wants a Brazilian phone: letters, tags and unknown area codes are refused", () => {
    for (const phone of ["81 9999-888x", "<b>81999998888</b>", "(20) 99999-8888"]) {
      expect(errorsOf({ ...valid, phone }).phone, phone).toBe("Informe o telefone com DDD");
    }
    expect(errorsOf({ ...valid, phone: "+55 81 3675-1995" }).phone).toBeUndefined();
  });

  it("asks for the area code when the phone is a local number", () => {
    for (const phone of ["99123-4567", "3675-1995"]) {
      expect(errorsOf({ ...valid, phone }).phone, phone).toBe(CHECKOUT_MESSAGES.phoneWithoutAreaCode);
    }
    expect(CHECKOUT_MESSAGES.phoneWithoutAreaCode).toMatch(/^Inclua o DDD/);
  });
});
