// The counter sale (/admin/balcao) as the phone and the server both read it: the form, the payment
// choices, the change, what a scanned code names, and the receipt's text.
import { z } from "~/lib/forms/validation";
import { idSchema, parseId } from "../forms/ids";
import { formatBRL, instalmentCents } from "../format/money";
import { MONEY_TOO_LARGE_MESSAGE, readMoneyAmount } from "../forms/price-input";
import { variantLabel } from "../catalog/variants";
import { SHOP_TIME_ZONE } from "../format/shop-time";
import type { ImageRef } from "../catalog/catalog";
import { orderLineSchema } from "../orders/checkout.schema";
import { isValidCpf, maskCpf } from "../format/documents";
import { MAX_INSTALLMENTS } from "../payments/installments";
import { chaveInGroups, fiscalStatusLabel, NO_FISCAL_VALUE, type FiscalDocumentView } from "../fiscal/fiscal-documents";

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
const DISCOUNT_MESSAGE = "Informe o desconto em reais, como 5 ou 5,00";
const CPF_MESSAGE = "CPF inválido: confira os números";
const INSTALLMENTS_MESSAGE = "Escolha o número de parcelas";
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
    /** A discount the clerk gives, in reais ("5" or "5,00"); empty: none. */
    discount: z.string().max(20).optional().default(""),
    /** "CPF na nota", when the customer asks: checked by its digits. */
    cpf: z
      .string()
      .max(20)
      .optional()
      .default("")
      .refine((cpf) => cpf.trim() === "" || isValidCpf(cpf), { message: CPF_MESSAGE }),
    /** Crédito's instalments (1 when paid at once); other methods are always 1. */
    installments: z.preprocess(
      (value) => (value === "" || value === undefined ? 1 : value),
      z.coerce.number({ error: INSTALLMENTS_MESSAGE }).int(INSTALLMENTS_MESSAGE).min(1, INSTALLMENTS_MESSAGE).max(MAX_INSTALLMENTS, INSTALLMENTS_MESSAGE),
    ),
  })
  .transform((sale, ctx) => {
    let discountCents = 0;
    if (sale.discount.trim() !== "") {
      const discount = readMoneyAmount(sale.discount);
      if (!discount.ok) {
        ctx.addIssue({ code: "custom", path: ["discount"], message: discount.problem === "too-large" ? MONEY_TOO_LARGE_MESSAGE : DISCOUNT_MESSAGE });
        return z.NEVER;
      }
      discountCents = discount.cents;
    }
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
      discountCents,
      cpf: sale.cpf.trim() === "" ? "" : maskCpf(sale.cpf),
      installments: sale.payment === "credit" ? sale.installments : 1,
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
  subtotalCents: number;
  /** The clerk's discount (0: none). */
  discountCents: number;
  totalCents: number;
  paymentMethod: string;
  /** Crédito's instalments (1: at once). */
  installments: number;
  cashReceivedCents: number | null;
  /** "CPF na nota" ('' when not asked). */
  cpf: string;
  /** Cancelled since (the sale was undone in the order window). */
  cancelled: boolean;
  /** Fiscal documents are on (a provider is set up): the sale's NFC-e, null while not queued. */
  fiscalOn: boolean;
  fiscal: FiscalDocumentView | null;
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

/** "2 × R$ 59,90 = R$ 119,80": a receipt line's units, unit price and amount. */
export function receiptLineAmount(item: { quantity: number; unitPriceCents: number }): string {
  return `${item.quantity} × ${formatBRL(item.unitPriceCents)} = ${formatBRL(item.unitPriceCents * item.quantity)}`;
}

/** "Cartão de crédito em 3x de R$ 40,00", or the method alone when paid at once. */
export function receiptPaymentLabel(receipt: Pick<CounterReceipt, "paymentMethod" | "installments" | "totalCents">): string {
  const method = counterPaymentLabel(receipt.paymentMethod);
  return receipt.installments > 1 ? `${method} em ${receipt.installments}x de ${formatBRL(instalmentCents(receipt.totalCents, receipt.installments))}` : method;
}

/** The receipt as a WhatsApp message. */
export function receiptText(receipt: CounterReceipt): string {
  const change = changeCents(receipt.totalCents, receipt.cashReceivedCents);
  return [
    `*${receipt.store.name}*`,
    `Recibo da compra #${receipt.code} — ${receiptDateTime(receipt.createdAt)}`,
    ...(receipt.cpf ? [`CPF: ${receipt.cpf}`] : []),
    "",
    ...receipt.items.flatMap((item) => {
      const label = variantLabel(item);
      return [`${item.name}${label ? ` (${label})` : ""}`, `   ${receiptLineAmount(item)}`];
    }),
    "",
    ...(receipt.discountCents > 0 ? [`Subtotal: ${formatBRL(receipt.subtotalCents)}`, `Desconto: −${formatBRL(receipt.discountCents)}`] : []),
    `*Total: ${formatBRL(receipt.totalCents)}*`,
    `Pagamento: ${receiptPaymentLabel(receipt)}`,
    ...(receipt.cashReceivedCents !== null ? [`Recebido: ${formatBRL(receipt.cashReceivedCents)}`, `Troco: ${formatBRL(change ?? 0)}`] : []),
    `Atendido por ${receipt.clerkName}`,
    "",
    ...receiptFiscalLines(receipt),
    "",
    "Obrigado pela preferência!",
  ].join("\n");
}

/**
 * What the receipt says of the sale's NFC-e, as a DANFE NFC-e needs it once authorised: the number and
 * series, the chave in groups of four, the protocol and where to consult it; "NFC-e em processamento"
 * until then; "Sem valor fiscal" when the shop issues no fiscal documents.
 */
export function receiptFiscalLines(receipt: Pick<CounterReceipt, "fiscalOn" | "fiscal">): string[] {
  if (!receipt.fiscalOn) return [NO_FISCAL_VALUE];
  const note = receipt.fiscal;
  if (!note || note.status !== "autorizado") return [note ? fiscalStatusLabel(note) : "NFC-e em processamento"];
  return [
    `NFC-e nº ${note.numero} série ${note.serie}`,
    "Chave de acesso:",
    chaveInGroups(note.chave),
    ...(note.protocolo ? [`Protocolo: ${note.protocolo}`] : []),
    ...(note.urlConsulta ? [`Consulte pela chave em ${note.urlConsulta}`] : []),
    ...(note.qrcodeUrl ? [`QR Code: ${note.qrcodeUrl}`] : []),
  ];
}
