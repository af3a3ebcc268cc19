import { z } from "zod";

/** Until the shop changes it, the WhatsApp number is this placeholder, which the admin dashboard flags. */
export const PLACEHOLDER_WHATSAPP = "5581900000000";

export const PAYMENT_METHODS = [
  { value: "credit", key: "creditCard", label: "Cartão de Crédito" },
  { value: "debit", key: "debitCard", label: "Cartão de Débito" },
  { value: "pix", key: "pix", label: "PIX" },
  { value: "cash", key: "cash", label: "Dinheiro" },
  { value: "store_credit", key: "storeCredit", label: "Crediário da Loja" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

export const EXCHANGE_DAYS = 15;
export const FOUNDED_YEAR = 1995;
export const SLOGAN = "Seu caminhar a gente faz!";

/** The settings document (spec section 3), with the spec's defaults (section 9). Money in centavos. */
export const settingsSchema = z.object({
  storeName: z.string().default("Grupo Erick"),
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
  maxInstallments: z.number().int().min(1).max(12).default(5),
  emailNotifications: z.boolean().default(true),
  whatsappNotifications: z.boolean().default(true),
  orderNotifications: z.boolean().default(true),
  instagram: z.string().default("@erickcalcados"),
  facebook: z.string().default("https://www.facebook.com/erickcalcados"),
  businessHours: z.string().default("Segunda a Sábado, 8h às 18h"),
  pixKey: z.string().default(""),
  pixMerchantName: z.string().default(""),
  pixMerchantCity: z.string().default(""),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export function whatsappIsPlaceholder(settings: Pick<Settings, "storeWhatsApp">): boolean {
  return settings.storeWhatsApp.replace(/\D/g, "") === PLACEHOLDER_WHATSAPP;
}

/** "@erick" → "https://www.instagram.com/erick/" */
export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${handle.replace(/^@/, "")}/`;
}
