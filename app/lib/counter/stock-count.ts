// The stock count ("balanço") of a store as the phone shows and sends it.
import { z } from "~/lib/forms/validation";
import { idSchema } from "../format/ids";
import { unitsField } from "./counter-sale";

/** A store's open count: each line is what was on the shelf when it was typed, and what the system said then. */
export type StockCountView = {
  id: number;
  startedAt: string;
  startedByName: string;
  lines: {
    variantId: number;
    productId: number;
    name: string;
    size: string;
    color: string;
    counted: number;
    stockAtCount: number;
    countedAt: string;
  }[];
};

export const MAX_COUNTED_UNITS = 100_000;

/** One shelf counted: what the phone posts. */
export const countLineSchema = z.object({
  countId: idSchema,
  variantId: idSchema,
  counted: unitsField("Informe quantas unidades há na prateleira", 0, MAX_COUNTED_UNITS, `No máximo ${MAX_COUNTED_UNITS} unidades`),
});
