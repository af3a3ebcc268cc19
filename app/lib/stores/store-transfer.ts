// A pick-up whose units are (partly) at another store: they travel to the pick-up store, a transfer
// made with the order (docs/delivery.md, "Retirada numa loja que não tem tudo"). The time it takes is
// this file's constant: the group's stores are in Barreiros and Sirinhaém, 15 km apart, and a box goes
// over with the next day's run.
import { SHOP_TIME_ZONE } from "../format/shop-time";
import type { PickupAvailability } from "./serving-store";

/** Days a transfer between the group's stores takes: days the stores open (Monday to Saturday). */
export const STORE_TRANSFER_DAYS = 1;

const dayWord = (days: number) => (days === 1 ? "dia" : "dias");

/** The checkout's word for a pick-up store, for this cart. */
export function pickupAvailabilityText(status: PickupAvailability): string {
  if (status === "today") return "Tem tudo hoje";
  if (status === "transfer") return `Chega em ${STORE_TRANSFER_DAYS} ${dayWord(STORE_TRANSFER_DAYS)} (transferência)`;
  return "Não tem";
}

/** "1 dia útil": how long the order waits for a transfer. */
export const TRANSFER_TIME_TEXT = `${STORE_TRANSFER_DAYS} ${dayWord(STORE_TRANSFER_DAYS)} ${STORE_TRANSFER_DAYS === 1 ? "útil" : "úteis"}`;

const localDate = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The shop's date ("2026-11-30") a transfer started at `placedAt` reaches the pick-up store: Sundays skipped. */
export function transferReadyOn(placedAt: Date | string, days = STORE_TRANSFER_DAYS): string {
  const [year, month, day] = localDate.format(new Date(placedAt)).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  for (let left = days; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

const weekdayDate = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", weekday: "short", day: "2-digit", month: "2-digit" });

/** "seg., 30/11" for "2026-11-30". */
export function formatReadyOn(isoDate: string): string {
  return weekdayDate.format(new Date(`${isoDate}T12:00:00Z`));
}

/** A pick-up order's transfer, as its pages and texts tell it. */
export type PickupTransfer = {
  /** The stores the units come from, in the lines' order. */
  fromStores: string[];
  /** The lines that travel: "Relógio Digital (Preto)" with its units. */
  lines: { name: string; quantity: number; fromStore: string }[];
  /** The shop's date they are expected at the pick-up store. */
  readyOn: string;
};

/** "Vem de Variedades Sirinhaém (transferência): pronto para retirada em 1 dia útil, previsão seg., 30/11." */
export function transferText(transfer: PickupTransfer): string {
  return `Vem de ${transfer.fromStores.join(" e ")} (transferência): pronto para retirada em ${TRANSFER_TIME_TEXT}, previsão ${formatReadyOn(transfer.readyOn)}.`;
}
