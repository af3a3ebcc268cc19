/** The shops are in Pernambuco: staff read every date and time in the shop's zone, whatever the server's. */
export const SHOP_TIME_ZONE = "America/Recife";

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: SHOP_TIME_ZONE });

/** "21/11/2025, 14:05" */
export function formatShopDateTime(iso: string | Date): string {
  return dateTime.format(typeof iso === "string" ? new Date(iso) : iso);
}

/** "21/11/2025" */
export function formatShopDate(iso: string | Date): string {
  return dateOnly.format(typeof iso === "string" ? new Date(iso) : iso);
}
