import { describe, expect, it } from "vitest";
import { CONTACT_INPUT_LIMITS, contactMessage } from "./contact-form";
import { contactFormSchema, parseContactForm } from "./contact.schema";
import { formLimits } from "../forms/form-limits";
import { whatsappLink } from "../orders/whatsapp";

const valid = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "(81) 99999-0000",
  store: "Erick Sports",
  message: "Vocês abrem no feriado?",
};

describe("contact form", () => {
  it("gives the inputs the limits the schema states (the page has them before the schema loads)", () => {
    expect(CONTACT_INPUT_LIMITS).toEqual(formLimits(contactFormSchema));
  });

  it("accepts a complete form and trims every field", () => {
    const result = parseContactForm({
      name: "  Maria da Silva ",
      email: " maria@example.com ",
      phone: " (81) 99999-0000 ",
      store: " Erick Sports ",
      message: "\n Vocês abrem no feriado? \n",
    });
    expect(result).toEqual({ ok: true, data: valid });
  });

  it("leaves phone and store optional", () => {
    const result = parseContactForm({ ...valid, phone: "", store: "" });
    expect(result.ok).toBe(true);
  });

  it("gives the pt-BR messages for the required fields when the form is empty", () => {
    const result = parseContactForm({});
    expect(result).toEqual({
      ok: false,
      errors: { name: "Nome é obrigatório", email: "E-mail é obrigatório", message: "Mensagem é obrigatória" },
      data: { name: "", email: "", phone: "", store: "", message: "" },
    });
  });

  it("treats blanks as empty", () => {
    const result = parseContactForm({ ...valid, name: "   ", message: " \n " });
    expect(result.ok ? null : result.errors).toEqual({ name: "Nome é obrigatório", message: "Mensagem é obrigatória" });
  });

  it.each(["maria", "maria@", "maria@example", "@example.com", "maria @example.com", "maria@exa mple.com"])(
    "rejects the e-mail %j",
    (email) => {
      const result = parseContactForm({ ...valid, email });
      expect(result.ok ? null : result.errors).toEqual({ email: "Informe um e-mail válido" });
    },
  );

  it("accepts ordinary e-mail addresses", () => {
    for (const email of ["a@b.co", "joao.silva+loja@empresa.com.br", "MARIA@EXAMPLE.COM"]) {
      expect(parseContactForm({ ...valid, email }).ok).toBe(true);
    }
  });

  it.each(["123", "abcdefghij", "(81) 9999-000x", "1".repeat(14)])("rejects the phone %j", (phone) => {
    const result = parseContactForm({ ...valid, phone });
    expect(result.ok ? null : result.errors).toEqual({ phone: "Informe um telefone válido" });
  });

  it.each(["(81) 3675-1995", "81 99999-0000", "+55 81 99999-0000", "5581999990000", "3675-1995"])(
    "accepts the phone %j",
    (phone) => {
      expect(parseContactForm({ ...valid, phone }).ok).toBe(true);
    },
  );

  it("limits the length of the fields", () => {
    const result = parseContactForm({ ...valid, name: "a".repeat(101), message: "b".repeat(2001) });
    expect(result.ok ? null : Object.keys(result.errors)).toEqual(["name", "message"]);
    expect(parseContactForm({ ...valid, message: "b".repeat(2000) }).ok).toBe(true);
  });

  it("shows one message per field, the first that applies", () => {
    const result = parseContactForm({ ...valid, email: "" });
    expect(result.ok ? null : result.errors).toEqual({ email: "E-mail é obrigatório" });
  });

  it("reads FormData, ignoring files and unknown fields", () => {
    const data = new FormData();
    for (const [key, value] of Object.entries(valid)) data.set(key, value);
    data.set("extra", "x");
    expect(parseContactForm(data)).toEqual({ ok: true, data: valid });

    const withFile = new FormData();
    withFile.set("name", new Blob(["x"]));
    const result = parseContactForm(withFile);
    expect(result.ok ? null : result.errors.name).toBe("Nome é obrigatório");
  });

  it("ignores values that are not text", () => {
    const result = parseContactForm({ ...valid, name: 42, phone: null });
    expect(result.ok ? null : result.errors).toEqual({ name: "Nome é obrigatório" });
  });

  it("is one schema the server can use as well", () => {
    expect(contactFormSchema.safeParse(valid).success).toBe(true);
  });
});

/** The text a wa.me link carries, decoded. */
function textOf(link: string): string | null {
  return new URL(link).searchParams.get("text");
}

describe("contactMessage", () => {
  const input = {
    name: "Maria da Silva",
    email: "maria@example.com",
    phone: "(81) 99999-0000",
    store: "Erick Calçados Barreiros",
    message: "Vocês têm o tênis 38 em azul?",
  };

  it("holds name, e-mail, phone, store of interest and message", () => {
    expect(contactMessage(input)).toBe(
      [
        "Olá! Mensagem enviada pelo site:",
        "",
        "Nome: Maria da Silva",
        "E-mail: maria@example.com",
        "Telefone: (81) 99999-0000",
        "Loja de interesse: Erick Calçados Barreiros",
        "",
        "Mensagem: Vocês têm o tênis 38 em azul?",
      ].join("\n"),
    );
  });

  it("says so when the optional phone and store are left empty", () => {
    const text = contactMessage({ ...input, phone: "", store: "" });
    expect(text).toContain("Telefone: Não informado");
    expect(text).toContain("Loja de interesse: Qualquer loja");
  });

  it("keeps a multi-line message intact through a wa.me link", () => {
    const text = contactMessage({ ...input, message: "Linha 1\nLinha 2 & 3" });
    expect(textOf(whatsappLink("5581999990000", text))).toBe(text);
  });
});
