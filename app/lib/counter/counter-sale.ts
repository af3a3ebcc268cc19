// The counter sale (/admin/balcao) as the phone and the server both read it: the form, the payment
// choices, the change, what a scanned code names, and the receipt's text.
import { z } from "~/lib/forms/validation";
import { idSchema, parseId } from "../format/ids";
import { formatBRL } from "../format/money";
import { MONEY_TOO_LARGE_MESSAGE, readMoneyAmount } from "../forms/price-input";
import { variantLabel } from "../catalog/variants";
import { SHOP_TIME_ZONE } from "../group/shop-time";
import type { ImageRef } from "../catalog/catalog";
import { orderLineSchema } from "../orders/checkout.schema";

export const COUNTER_PATH = "/admin/balcao";
/** The admin's product search and code look-up for the counter and the stock count (JSON). */
export const COUNTER_PRODUCTS_PATH = "/admin/balcao/produtos";
export const STOCK_COUNT_PATH = "/admin/balcao/balanco";
export const counterReceiptPath = (orderId: string) => `/admin/balcao/recibo/${orderId}`;

/** The ways a counter takes money; values as the orders record them (app/lib/payments/payment-methods.ts). */
export const COUNTER_PAYMENT_METHODS = [
  { value: "cash", label: "Dinheiro" },
  { value: "pix", label: "PIX" },
  { value: "debit", label: "Débito" },
  { value: "credit", label: "Crédito" },
] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number]["value"];

/** A whole number of units typed in a field: an empty field is missing (never 0). */
export function unitsField(message: string, min: number, max: number, maxMessage: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, maxMessage),
  );
}

const RECEIVED_MESSAGE = "Informe o valor recebido, como 50 ou 50,00";
/** Items in one counter sale: a basket over the counter, never a wholesale order. */
export const MAX_COUNTER_LINES = 30;
const EMPTY_BASKET = "Adicione um item à venda";
const BAD_BASKET = "Itens da venda inválidos. Atualize a página e tente novamente.";

/** The basket as the phone posts it: a JSON array of lines (product, size, colour, quantity) in a hidden field. */
const counterLinesField = z
  .string({ error: EMPTY_BASKET })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: BAD_BASKET });
      return z.NEVER;
    }
  })
  .pipe(z.array(orderLineSchema, { error: BAD_BASKET }).min(1, EMPTY_BASKET).max(MAX_COUNTER_LINES, `Uma venda pode ter no máximo ${MAX_COUNTER_LINES} itens`));

/** One counter sale, one item or a basket of them, one payment: what the phone posts. */
export const counterSaleSchema = z
  .object({
    storeId: idSchema,
    /** Made when the screen opened: a double tap or a retry finds the sale already made. */
    saleKey: z.string().min(16).max(100),
    lines: counterLinesField,
    payment: z.enum(COUNTER_PAYMENT_METHODS.map((method) => method.value) as [CounterPaymentMethod, ...CounterPaymentMethod[]], {
      error: "Escolha a forma de pagamento",
    }),
    received: z.string().max(20).optional().default(""),
  })
  .transform((sale, ctx) => {
    let cashReceivedCents: number | null = null;
    if (sale.payment === "cash") {
      const received = readMoneyAmount(sale.received);
      if (!received.ok) {
        ctx.addIssue({ code: "custom", path: ["received"], message: received.problem === "too-large" ? MONEY_TOO_LARGE_MESSAGE : RECEIVED_MESSAGE });
        return z.NEVER;
      }
      cashReceivedCents = received.cents;
    }
    return {
      storeId: sale.storeId,
      saleKey: sale.saleKey,
      lines: sale.lines.map((line) => ({ ...line, size: line.size || null, color: line.color || null })),
      payment: sale.payment,
      cashReceivedCents,
    };
  });
export type CounterSaleInput = z.output<typeof counterSaleSchema>;

/** The change to hand back; null while the amount received does not cover the total. */
export function changeCents(totalCents: number, receivedCents: number | null): number | null {
  if (receivedCents === null || receivedCents < totalCents) return null;
  return receivedCents - totalCents;
}

/**
 * What a scanned code names: the price cards' QR opens the product page (`…/produto/12?utm_source=qr`),
 * anything else is a barcode or a SKU typed on the variant.
 */
export function scannedCode(text: string): { productId: number } | { sku: string } | null {
  const value = text.trim();
  if (!value) return null;
  const page = /\/produto\/(\d{1,10})(?:[/?#]|$)/.exec(value);
  // A page id past PostgreSQL's integer names no product (and would fail the query): nothing found.
  if (page) {
    const productId = parseId(page[1]);
    return productId === null ? null : { productId };
  }
  // PostgreSQL text holds no NUL, and no barcode or SKU has control characters.
  return value.length <= 80 && ![...value].some((character) => character.charCodeAt(0) < 0x20) ? { sku: value } : null;
}

/** A product as the counter and the stock count find it. */
export type CounterProduct = {
  id: number;
  name: string;
  shopName: string;
  priceCents: number | null;
  image: ImageRef | null;
  variants: { id: number; size: string; color: string; sku: string; stock: number }[];
};

/** What the counter's search answers: the products, and the variant a scanned SKU named. */
export type CounterLookup = { products: CounterProduct[]; variantId: number | null };

export type CounterReceipt = {
  orderId: string;
  code: string;
  createdAt: string;
  store: { name: string; address: string; phone: string };
  clerkName: string;
  items: { name: string; size: string | null; color: string | null; quantity: number; unitPriceCents: number }[];
  totalCents: number;
  paymentMethod: string;
  cashReceivedCents: number | null;
  /** Cancelled since (the sale was undone in the order window). */
  cancelled: boolean;
};

/** A counter sale's clerk as the order window and the receipt name them: the name recorded with the sale, else the account's. */
export function clerkNameOf(row: { clerkId: string | null; clerkName: string | null }, account: { name: string | null; email: string | null }): string | null {
  if (!row.clerkId && !row.clerkName) return null;
  return row.clerkName?.trim() || account.name?.trim() || account.email || "um atendente";
}

export function counterPaymentLabel(method: string): string {
  const known = COUNTER_PAYMENT_METHODS.find((candidate) => candidate.value === method);
  return known ? (known.value === "debit" || known.value === "credit" ? `Cartão de ${known.label.toLowerCase()}` : known.label) : method;
}

const DATE_TIME = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });

export function receiptDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** The receipt as a WhatsApp message. */
export function receiptText(receipt: CounterReceipt): string {
  const change = changeCents(receipt.totalCents, receipt.cashReceivedCents);
  return [
    `*${receipt.store.name}*`,
    `Recibo da compra #${receipt.code} — ${receiptDateTime(receipt.createdAt)}`,
    "",
    ...receipt.items.map((item) => {
      const label = variantLabel(item);
      return `${item.quantity}x ${item.name}${label ? ` (${label})` : ""} — ${formatBRL(item.unitPriceCents * item.quantity)}`;
    }),
    "",
    `*Total: ${formatBRL(receipt.totalCents)}*`,
    `Pagamento: ${counterPaymentLabel(receipt.paymentMethod)}`,
    ...(receipt.cashReceivedCents !== null ? [`Recebido: ${formatBRL(receipt.cashReceivedCents)}`, `Troco: ${formatBRL(change ?? 0)}`] : []),
    `Atendido por ${receipt.clerkName}`,
    "",
    "Obrigado pela preferência!",
  ].join("\n");
}
