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

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const stockTransferSchema = z.object({
  variantId: id,
  fromStoreId: id,
  toStoreId: id,
  units: z.coerce.number({ message: "Informe quantas unidades." }).int("Informe um número inteiro de unidades.").min(1, "Informe ao menos 1 unidade."),
});

export const orderStoreSchema = z.object({ storeId: id });
