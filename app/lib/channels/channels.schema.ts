// /admin/canais: the forms that leave a product or a shop out of the feeds (or bring it back) and
// correct a Google category. One schema, told apart by `intent`.
import { idSchema } from "../forms/ids";
import { z } from "~/lib/forms/validation";

export const GOOGLE_CATEGORY_MAX_LENGTH = 250;

const oneLineText = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, message));

export const channelChangeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("exclude-product"), productId: idSchema }),
    z.object({ intent: z.literal("include-product"), productId: idSchema }),
    z.object({ intent: z.literal("exclude-shop"), shopId: idSchema }),
    z.object({ intent: z.literal("include-shop"), shopId: idSchema }),
    z.object({
      intent: z.literal("category"),
      category: oneLineText(100, "Categoria inválida").pipe(z.string().min(1, "Categoria inválida")),
      subcategory: oneLineText(100, "Subcategoria inválida"),
      googleCategory: oneLineText(GOOGLE_CATEGORY_MAX_LENGTH, `A categoria do Google deve ter no máximo ${GOOGLE_CATEGORY_MAX_LENGTH} caracteres.`),
    }),
  ],
  { error: "Pedido inválido." },
);
export type ChannelChange = z.infer<typeof channelChangeSchema>;
