// The /admin/configuracoes form: the settings document plus the store locations. The same schema
// runs in the browser before sending and in the action, so a request that skips the browser gets the
// same pt-BR messages and nothing is saved while any field is wrong.
import { z } from "~/lib/forms/validation";
import { MAX_INSTALLMENTS } from "../payments/installments";
import { parseBRL } from "../forms/price-input";
import { whatsAppDigits } from "../forms/phone-input";
import { PAYMENT_METHODS } from "../payments/payment-methods";
import type { Settings } from "./settings";
import { DEFAULT_STATUS_MESSAGES, STATUS_MESSAGE_KEYS, type StatusMessageKey } from "../orders/status-messages";
import { STORE_ARTICLES } from "../stores/store-name";
import { normalizePixKey } from "../payments/pix-key";
import { roleMay, type StaffRole } from "../staff/staff-roles";
import { ORDER_HOLD_FIELD_NAMES, ORDER_HOLD_FIELDS, orderHoldFieldMessage, type OrderHoldField } from "../holds/order-holds";

export const SETTINGS_MESSAGES = {
  saved: "Salvo!",
  saveFailed: "Erro ao salvar configurações. Tente novamente.",
  fixFields: "Corrija os campos destacados.",
  maxInstallments: `O número máximo de parcelas deve estar entre 1 e ${MAX_INSTALLMENTS}`,
  whatsapp: "Informe o WhatsApp com DDD (ex.: (81) 99876-5432)",
  email: "Informe um e-mail válido",
  money: "Informe um valor em reais (ex.: 5,00)",
  paymentMethods: "Escolha pelo menos uma forma de pagamento",
  instagram: "Informe o usuário do Instagram (letras, números, ponto e _)",
  facebook: "Informe o endereço completo da página (https://…)",
  latitude: "Latitude entre -90 e 90 (ex.: -8,8184)",
  longitude: "Longitude entre -180 e 180 (ex.: -35,1866)",
} as const;

/** Limits of the PIX BR Code (EMV): longer names or cities are cut by the bank apps. */
export const PIX_LIMITS = { key: 77, merchantName: 25, merchantCity: 15 } as const;
const MAX_CITIES = 50;
const MAX_LOCATIONS = 50;
const MAX_MONEY_CENTS = 100_000_00;
/** A WhatsApp text per status: room for a few paragraphs, short enough for a wa.me link. */
export const STATUS_MESSAGE_MAX = 1_000;

const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

function required(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
}

function optional(max: number) {
  return z.string().trim().max(max, tooLong(max));
}

/** Typed in any usual form ("(81) 99876-5432", "+55 81 99876-5432", "81998765432"), kept as 5581998765432. */
const whatsapp = z
  .string()
  .max(30, SETTINGS_MESSAGES.whatsapp)
  .transform((text, ctx) => {
    const digits = whatsAppDigits(text.trim());
    if (digits) return digits;
    ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.whatsapp });
    return z.NEVER;
  });

/** A PIX key as typed ("(81) 99876-5432"), kept as the directory knows it ("+5581998765432"): ../payments/pix-key. */
const pixKey = z
  .string()
  .max(PIX_LIMITS.key + 20, tooLong(PIX_LIMITS.key))
  .transform((text, ctx) => {
    const result = normalizePixKey(text);
    if (result.ok) return result.key;
    ctx.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  });

/** Reais as typed ("5", "5,00", "1.299,90"), stored as centavos. */
const money = z.string().transform((text, ctx) => {
  const cents = parseBRL(text.trim());
  if (cents === null || cents > MAX_MONEY_CENTS) {
    ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.money });
    return z.NEVER;
  }
  return cents;
});

function coordinate(limit: number, message: string) {
  return z.string().transform((text, ctx) => {
    const normalized = text.trim().replace(/\u2212/g, "-").replace(",", ".");
    const value = /^-?\d{1,3}(\.\d{1,8})?$/.test(normalized) ? Number(normalized) : Number.NaN;
    if (!Number.isFinite(value) || Math.abs(value) > limit) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * A form without the field (one sent before it existed) keeps the default text. Line breaks are
 * stored as "\n" (a browser sends a textarea's as "\r\n").
 */
function statusMessage(key: StatusMessageKey) {
  return z.preprocess((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : DEFAULT_STATUS_MESSAGES[key]), required("Escreva a mensagem deste status", STATUS_MESSAGE_MAX));
}

/** A whole number in the field's range; a form without the field (one sent before it existed) keeps the default. */
function orderHoldNumber(field: OrderHoldField) {
  const { min, max, default: fallback } = ORDER_HOLD_FIELDS[field];
  const message = orderHoldFieldMessage(field);
  return z.preprocess(
    (value) => (value == null ? String(fallback) : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  );
}

const locationSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, "Loja inválida").transform(Number),
  name: required("Informe o nome da loja", 100),
  address: required("Informe o endereço", 200),
  phone: required("Informe o telefone", 30),
  whatsapp,
  hours: required("Informe o horário", 100),
  lat: coordinate(90, SETTINGS_MESSAGES.latitude),
  lng: coordinate(180, SETTINGS_MESSAGES.longitude),
  /** Its shelf counts for the storefront; absent (a form without the box): left as it is. */
  servesOnline: z.boolean().optional(),
});
export type StoreLocationEdit = z.output<typeof locationSchema>;

type PaymentKey = (typeof PAYMENT_METHODS)[number]["key"];
const PAYMENT_KEYS = PAYMENT_METHODS.map((method) => method.key);

export const NOTIFICATION_FIELDS = [
  { name: "emailNotifications", label: "Notificações por e-mail" },
  { name: "whatsappNotifications", label: "Notificações por WhatsApp" },
  { name: "orderNotifications", label: "Avisar a loja de novos pedidos" },
] as const;
type NotificationKey = (typeof NOTIFICATION_FIELDS)[number]["name"];

export const settingsFormSchema = z
  .object({
    storeName: required("Informe o nome da loja", 100),
    // A form without the field (one saved before it existed) keeps "o", the article of the default name.
    storeArticle: z.preprocess((value) => (value === "" || value == null ? "o" : value), z.enum(STORE_ARTICLES, { error: "Escolha como o nome é dito: o, a, os ou as" })),
    storeEmail: required(SETTINGS_MESSAGES.email, 254).refine((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email), SETTINGS_MESSAGES.email),
    storePhone: required("Informe o telefone", 30),
    storeWhatsApp: whatsapp,
    freeShippingMin: money,
    deliveryFee: money,
    deliveryCities: z
      .string()
      .max(5_000, tooLong(5_000))
      .transform((text) => {
        const seen = new Set<string>();
        return text
          .split(/[\n,;]/)
          .map((city) => city.trim().replace(/\s+/g, " "))
          .filter((city) => {
            const key = city.toLocaleLowerCase("pt-BR");
            if (!city || seen.has(key)) return false;
            seen.add(key);
            return true;
          });
      })
      .refine((cities) => cities.length <= MAX_CITIES, `No máximo ${MAX_CITIES} cidades`)
      .refine((cities) => cities.every((city) => city.length <= 60), "Nome de cidade longo demais (máximo 60 caracteres)"),
    deliveryDays: required("Informe os dias de entrega", 100),
    paymentMethods: z
      .object(Object.fromEntries(PAYMENT_KEYS.map((key) => [key, z.boolean()])) as Record<PaymentKey, z.ZodBoolean>)
      .refine((methods) => Object.values(methods).some(Boolean), SETTINGS_MESSAGES.paymentMethods),
    maxInstallments: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, SETTINGS_MESSAGES.maxInstallments)
      .transform(Number)
      .pipe(z.number().min(1, SETTINGS_MESSAGES.maxInstallments).max(MAX_INSTALLMENTS, SETTINGS_MESSAGES.maxInstallments)),
    orderHoldHours: orderHoldNumber("orderHoldHours"),
    maxUnitsPerLine: orderHoldNumber("maxUnitsPerLine"),
    maxUnitsPerOrder: orderHoldNumber("maxUnitsPerOrder"),
    emailNotifications: z.boolean(),
    whatsappNotifications: z.boolean(),
    orderNotifications: z.boolean(),
    instagram: z
      .string()
      .trim()
      .transform((handle) => handle.replace(/^@+/, ""))
      .refine((handle) => /^[A-Za-z0-9._]{1,30}$/.test(handle), SETTINGS_MESSAGES.instagram)
      .transform((handle) => `@${handle}`),
    facebook: required(SETTINGS_MESSAGES.facebook, 300).refine((url) => {
      try {
        const parsed = new URL(url);
        return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname.includes(".");
      } catch {
        return false;
      }
    }, SETTINGS_MESSAGES.facebook),
    businessHours: required("Informe o horário de funcionamento", 100),
    pixKey,
    pixMerchantName: optional(PIX_LIMITS.merchantName),
    pixMerchantCity: optional(PIX_LIMITS.merchantCity),
    statusMessages: z.object({
      pending: statusMessage("pending"),
      processing: statusMessage("processing"),
      shipped: statusMessage("shipped"),
      pickupReady: statusMessage("pickupReady"),
      delivered: statusMessage("delivered"),
      cancelled: statusMessage("cancelled"),
    }),
    locations: z
      .array(locationSchema)
      .max(MAX_LOCATIONS)
      .refine((locations) => new Set(locations.map((location) => location.id)).size === locations.length, "Loja repetida"),
  })
  .transform(({ freeShippingMin, deliveryFee, locations, ...rest }) => ({
    settings: { ...rest, freeShippingMinCents: freeShippingMin, deliveryFeeCents: deliveryFee } satisfies Settings,
    locations,
  }));
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

const TEXT_FIELDS = [
  "storeName",
  "storeArticle",
  "storeEmail",
  "storePhone",
  "storeWhatsApp",
  "freeShippingMin",
  "deliveryFee",
  "deliveryCities",
  "deliveryDays",
  "maxInstallments",
  "instagram",
  "facebook",
  "businessHours",
  "pixKey",
  "pixMerchantName",
  "pixMerchantCity",
] as const;
const LOCATION_FIELDS = ["id", "name", "address", "phone", "whatsapp", "hours", "lat", "lng"] as const;
/** Sent beside a store's 'Vende no site' box (`locations.N.servesOnlineSent`). */
export const SERVES_ONLINE_SENT = "servesOnlineSent";

/**
 * The submitted form as the schema's input. Inputs are named after the schema's paths
 * (`paymentMethods.pix`, `locations.0.name`), so an error's path names the input it belongs to.
 * A missing text counts as empty; a checkbox is on when sent.
 */
export function readSettingsForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const checked = (name: string) => form.has(name);
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = /^locations\.(\d{1,3})\.id$/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Record<(typeof TEXT_FIELDS)[number], string>),
    // Absent (a form from before they existed): null, which keeps the default.
    ...(Object.fromEntries(ORDER_HOLD_FIELD_NAMES.map((name) => [name, form.has(name) ? text(name) : null])) as Record<OrderHoldField, string | null>),
    ...(Object.fromEntries(NOTIFICATION_FIELDS.map(({ name }) => [name, checked(name)])) as Record<NotificationKey, boolean>),
    paymentMethods: Object.fromEntries(PAYMENT_KEYS.map((key) => [key, checked(`paymentMethods.${key}`)])) as Record<PaymentKey, boolean>,
    statusMessages: Object.fromEntries(STATUS_MESSAGE_KEYS.map((key) => [key, form.has(`statusMessages.${key}`) ? text(`statusMessages.${key}`) : null])) as Record<
      StatusMessageKey,
      string | null
    >,
    locations: [...indexes]
      .sort((a, b) => a - b)
      .map((index) => ({
        ...(Object.fromEntries(LOCATION_FIELDS.map((field) => [field, text(`locations.${index}.${field}`)])) as Record<(typeof LOCATION_FIELDS)[number], string>),
        // An unticked box is not sent: the hidden marker tells "off" from a form that has no box.
        ...(form.has(`locations.${index}.${SERVES_ONLINE_SENT}`) ? { servesOnline: checked(`locations.${index}.servesOnline`) } : {}),
      })),
  };
}

export function parseSettingsForm(form: FormData) {
  return settingsFormSchema.safeParse(readSettingsForm(form));
}

/** A coordinate as the form shows it, with a decimal comma. */
export function coordinateInput(value: number): string {
  return String(value).replace(".", ",");
}

/** The shop's money settings: only a role with "money-settings" (Dono) changes them. */
export const MONEY_SETTINGS = ["paymentMethods", "maxInstallments", "pixKey", "pixMerchantName", "pixMerchantCity"] as const;

/** Which money settings differ between the stored and the submitted settings. */
export function changedMoneySettings(stored: Settings, submitted: Settings): (typeof MONEY_SETTINGS)[number][] {
  return MONEY_SETTINGS.filter((name) =>
    name === "paymentMethods"
      ? PAYMENT_KEYS.some((key) => stored.paymentMethods[key] !== submitted.paymentMethods[key])
      : stored[name] !== submitted[name],
  );
}

/**
 * The shop's contact, where orders and new-order e-mails go: only a role with "shop-contact" (Dono)
 * changes them, as the public address (its own form on the page).
 */
export const CONTACT_SETTINGS = ["storeEmail", "storeWhatsApp"] as const;

/** The note beside a setting the role sees but may not change. */
export const DONO_ONLY_NOTE = "Só o Dono pode mudar";

const DONO_ONLY_LABELS: Record<(typeof MONEY_SETTINGS)[number] | (typeof CONTACT_SETTINGS)[number], string> = {
  paymentMethods: "formas de pagamento",
  maxInstallments: "número de parcelas",
  pixKey: "chave PIX",
  pixMerchantName: "nome do recebedor PIX",
  pixMerchantCity: "cidade do recebedor PIX",
  storeEmail: "e-mail da loja",
  storeWhatsApp: "WhatsApp da loja",
};

/**
 * Why a save by this role is refused whole (a Dono-only setting differs from what is stored), in
 * pt-BR; null when the role may save it.
 */
export function donoOnlySettingsRefusal(role: StaffRole, stored: Settings, submitted: Settings): string | null {
  const changed = [
    ...(roleMay(role, "money-settings") ? [] : changedMoneySettings(stored, submitted)),
    ...(roleMay(role, "shop-contact") ? [] : CONTACT_SETTINGS.filter((name) => stored[name] !== submitted[name])),
  ];
  if (changed.length === 0) return null;
  return `${DONO_ONLY_NOTE}: ${changed.map((name) => DONO_ONLY_LABELS[name]).join(", ")}. Nada foi salvo.`;
}
