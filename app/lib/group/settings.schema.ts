import { z } from "~/lib/forms/validation";
import { MAX_INSTALLMENTS } from "../payments/installments";
import { STORE_ARTICLES } from "../stores/store-name";
import { DEFAULT_STATUS_MESSAGES, STATUS_MESSAGE_KEYS, type StatusMessageKey } from "../orders/status-messages";
import { PLACEHOLDER_WHATSAPP } from "../orders/whatsapp";
import { normalizePixKey } from "../payments/pix-key";
import { ORDER_HOLD_FIELDS } from "../holds/order-holds";

const holdNumber = ({ min, max, default: fallback }: { min: number; max: number; default: number }) => z.number().int().min(min).max(max).default(fallback);

/** The group's settings (the earlier site's 'general' settings document) with its defaults. Money in centavos. */
export const settingsSchema = z.object({
  storeName: z.string().default("Grupo Erick"),
  /** The article before the name in sentences ("ao Grupo Erick", "às Lojas Erick"): ./store-name. */
  storeArticle: z.enum(STORE_ARTICLES).default("o"),
  storeEmail: z.string().default("contato@erickcalcados.com.br"),
  storePhone: z.string().default("(81) 3675-1995"),
  storeWhatsApp: z.string().default(PLACEHOLDER_WHATSAPP),
  freeShippingMinCents: z.number().int().min(0).default(300_00),
  deliveryFeeCents: z.number().int().min(0).default(5_00),
  deliveryCities: z.array(z.string()).default(["Barreiros", "Sirinhaém", "Rio Formoso", "Tamandaré"]),
  deliveryDays: z.string().default("Segunda a Sábado"),
  paymentMethods: z
    .object({
      pix: z.boolean().default(true),
      creditCard: z.boolean().default(true),
      debitCard: z.boolean().default(true),
      cash: z.boolean().default(true),
      storeCredit: z.boolean().default(true),
    })
    .prefault({}),
  maxInstallments: z.number().int().min(1).max(MAX_INSTALLMENTS).default(5),
  /** A shopper's order nobody confirmed or paid is cancelled after this (../holds/order-holds.ts). */
  orderHoldHours: holdNumber(ORDER_HOLD_FIELDS.orderHoldHours),
  /** Units of one size × colour, and in all, one shopper's order may take (never a counter sale). */
  maxUnitsPerLine: holdNumber(ORDER_HOLD_FIELDS.maxUnitsPerLine),
  maxUnitsPerOrder: holdNumber(ORDER_HOLD_FIELDS.maxUnitsPerOrder),
  emailNotifications: z.boolean().default(true),
  whatsappNotifications: z.boolean().default(true),
  orderNotifications: z.boolean().default(true),
  instagram: z.string().default("@erickcalcados"),
  facebook: z.string().default("https://www.facebook.com/erickcalcados"),
  businessHours: z.string().default("Segunda a Sábado, 8h às 18h"),
  /** Normalised on read too: a key saved as typed before the form normalised it ("(81) 99876-5432") reads "+5581998765432"; one that is no key stays as it was, for the form to point out. */
  pixKey: z
    .string()
    .default("")
    .transform((stored) => {
      const result = normalizePixKey(stored);
      return result.ok ? result.key : stored;
    }),
  pixMerchantName: z.string().default(""),
  pixMerchantCity: z.string().default(""),
  /** 'Avisar cliente no WhatsApp': the text per status, with {nome}, {pedido}, … (./status-messages). */
  statusMessages: z
    .object(
      Object.fromEntries(STATUS_MESSAGE_KEYS.map((key) => [key, z.string().default(DEFAULT_STATUS_MESSAGES[key])])) as Record<
        StatusMessageKey,
        z.ZodDefault<z.ZodString>
      >,
    )
    .prefault({}),
});

export const DEFAULT_SETTINGS = settingsSchema.parse({});
