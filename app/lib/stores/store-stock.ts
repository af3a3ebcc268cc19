// What the admin shows of stock per store (docs/decisions/0025-stock-per-store.md): client-safe types
// and the form fields of a transfer and of an order's store.
import { z } from "~/lib/forms/validation";

export type StoreChoice = { id: number; name: string };

/** A product's units per store, a row per size × colour (grid order). */
export type ProductStoreStock = {
  stores: StoreChoice[];
  variants: { id: number; label: string; units: Record<number, number> }[];
};

/** The order window's 'Loja que atende': the current store and the choices. */
export type OrderStoreView = { storeId: number | null; storeName: string | null; stores: StoreChoice[] };

export const TRANSFER_INTENT = "transfer";
export const ORDER_STORE_INTENT = "store";
/** Sent with the store change once the clerk has seen what moves where (`confirmed=on`); without it the action only answers the preview. */
export const ORDER_STORE_CONFIRMED = "confirmed";

/** What the order window asks before a store change: each line's units and the stores they leave and reach. */
export type OrderStoreMovePreview = { storeId: number; storeName: string; moves: string[] };

export const ORDER_STORE_MESSAGES = {
  handedOver: "Esta venda já foi entregue ao cliente (balcão, entregue ou retirada): ela fica na loja que a fez.",
  noUnitsMove: "O estoque deste pedido não está baixado: nenhuma unidade muda de loja.",
} as const;

/**
 * A sale handed over to the customer keeps its store: a counter sale, or an order delivered or picked
 * up. Its units left that store's shelf with the customer; moving it would write stock at two stores
 * for goods that are gone, and take the sale from the clerk who made it.
 */
export function orderStoreIsFixed(order: { channel: string; status: string }): boolean {
  return order.channel === "balcao" || order.status === "delivered";
}

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const stockTransferSchema = z.object({
  variantId: id,
  fromStoreId: id,
  toStoreId: id,
  units: z.coerce.number({ message: "Informe quantas unidades." }).int("Informe um número inteiro de unidades.").min(1, "Informe ao menos 1 unidade."),
});

export const orderStoreSchema = z.object({ storeId: id });
