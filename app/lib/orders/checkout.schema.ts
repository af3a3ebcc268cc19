import { z } from "~/lib/forms/validation";
import { MAX_LINE_QUANTITY } from "../cart/cart";
import { normalizeCouponCode } from "../coupons/coupon-code";
import { isValidCpf, onlyDigits } from "../format/documents";
import { idSchema } from "../forms/ids";
import { MAX_INSTALLMENTS } from "../payments/installments";
import { isBrazilianPhone } from "../format/phone";
import { lacksAreaCode } from "../forms/phone-input";
import { notesText, oneLine } from "../format/plain-text";
import { PAYMENT_METHODS } from "../payments/payment-methods";
import { BRAZILIAN_STATES } from "../delivery/zones";

const MAX_ORDER_LINES = 50;

export const CHECKOUT_MESSAGES = {
  phoneInvalid: "Informe o telefone com DDD",
  phoneWithoutAreaCode: "Inclua o DDD: (81) 99123-4567",
} as const;

/**
 * A missing field counts as an empty one, so every message shows at once (not only the first). One
 * line: these fields go into the WhatsApp text line by line (./plain-text).
 */
function required(message: string, max = 200) {
  return z.preprocess(
    (value) => value ?? "",
    z.string({ error: message }).overwrite(oneLine).min(1, message).max(max, `Use no máximo ${max} caracteres`),
  );
}

function optional(max: number) {
  return z.string().overwrite(oneLine).max(max, `Use no máximo ${max} caracteres`).optional().default("");
}

/** One line the browser asks for; prices never come from the browser. */
export const orderLineSchema = z.object({
  productId: idSchema,
  size: z.string().max(40).nullable(),
  color: z.string().max(60).nullable(),
  quantity: z
    .number()
    .int("Quantidade inválida")
    .min(1, "Quantidade inválida")
    .max(MAX_LINE_QUANTITY, `A quantidade máxima por item é ${MAX_LINE_QUANTITY}`),
});
export type OrderLineRequest = z.infer<typeof orderLineSchema>;

/** The cart as the checkout form sends it (a JSON string in a hidden field). */
export const orderLinesField = z
  .string({ error: "Seu carrinho está vazio" })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Carrinho inválido. Atualize a página e tente novamente." });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(orderLineSchema, { error: "Carrinho inválido. Atualize a página e tente novamente." })
      .min(1, "Seu carrinho está vazio")
      .max(MAX_ORDER_LINES, `O pedido pode ter no máximo ${MAX_ORDER_LINES} itens diferentes`),
  );

/** The key a form carries so that a double click or a retried POST records one order (orders.server.ts). */
const FORM_EXPIRED = "Formulário expirado. Atualize a página e tente novamente.";
const idempotencyKey = z.string({ error: FORM_EXPIRED }).regex(/^[A-Za-z0-9_-]{16,64}$/, FORM_EXPIRED);

const paymentMethod = z.enum(
  PAYMENT_METHODS.map((method) => method.value) as [string, ...string[]],
  { error: "Escolha a forma de pagamento" },
);

/**
 * The checkout form (its fields and messages are the earlier site's): the same schema validates in the
 * browser and in the action, so a request that skips the browser gets the same messages.
 */
export const checkoutSchema = z
  .object({
    name: required("Nome é obrigatório", 100),
    // Optional: many shoppers here have no e-mail, and the shop reaches them by phone (WhatsApp).
    email: optional(254).refine((email) => email === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email), {
      message: "Informe um e-mail válido",
    }),
    phone: required("Telefone é obrigatório", 30).superRefine((phone, ctx) => {
      if (phone === "" || isBrazilianPhone(phone)) return;
      ctx.addIssue({ code: "custom", message: lacksAreaCode(phone) ? CHECKOUT_MESSAGES.phoneWithoutAreaCode : CHECKOUT_MESSAGES.phoneInvalid });
    }),
    cpf: optional(14).refine((cpf) => cpf === "" || isValidCpf(cpf), {
      message: "Confira o CPF: os dígitos não conferem",
    }),
    deliveryMethod: z.enum(["delivery", "pickup"]).default("delivery"),
    pickupLocationId: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce.number({ error: "Escolha a loja para retirada" }).int().positive("Escolha a loja para retirada").optional(),
    ),
    cep: optional(9).refine((cep) => cep === "" || onlyDigits(cep).length === 8, { message: "O CEP tem 8 dígitos" }),
    address: optional(200),
    number: optional(20),
    complement: optional(100),
    neighborhood: optional(100),
    city: optional(100),
    state: z.enum(BRAZILIAN_STATES, { error: "Escolha o estado" }).default("PE"),
    /** The delivery option chosen (app/lib/delivery/zones): "local" (by bairro), "carrier:<id>", "table" or "arrange"; its price is the server's. */
    deliveryOption: z
      .string()
      .regex(/^(local|table|arrange|carrier:[A-Za-z0-9_-]{1,40})$/, "Escolha como receber o pedido")
      .default("local"),
    paymentMethod: paymentMethod.default("credit"),
    installments: z.coerce.number().int().min(1).max(MAX_INSTALLMENTS).default(1),
    notes: z.string().overwrite(notesText).max(500, "Use no máximo 500 caracteres").optional().default(""),
    /** "Quero receber atualizações do pedido pelo WhatsApp": only when she ticked it (a checkbox sends "on"). */
    whatsappConsent: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()).optional(),
  })
  .superRefine((data, ctx) => {
    if (data.deliveryMethod === "pickup") {
      if (!data.pickupLocationId) ctx.addIssue({ code: "custom", path: ["pickupLocationId"], message: "Escolha a loja para retirada" });
      return;
    }
    const requiredForDelivery = [
      ["address", "Endereço é obrigatório"],
      ["number", "Número é obrigatório"],
      ["neighborhood", "Bairro é obrigatório"],
      ["city", "Cidade é obrigatória"],
    ] as const;
    for (const [field, message] of requiredForDelivery) {
      if (!data[field]) ctx.addIssue({ code: "custom", path: [field], message });
    }
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/**
 * The coupon as typed: any text up to a sane length, since whether it exists is the server's answer
 * ("Cupom X não encontrado"), not a form error; empty means none.
 */
export const couponCodeField = z
  .string()
  .max(100, "Código de cupom inválido")
  .optional()
  .transform((code) => (code ? normalizeCouponCode(code) : "") || null);

/** What every order form sends besides the customer's details: the cart lines, the idempotency key and a coupon. */
export const orderEnvelopeSchema = z.object({ lines: orderLinesField, idempotencyKey, couponCode: couponCodeField });
