// What the favourite button sends when signed in (app/routes/api/favorites.ts).
import { z } from "~/lib/forms/validation";
import { MAX_FAVORITES } from "./favorites";
import { idSchema } from "../forms/ids";

/** One product turned on or off. */
export const favoriteToggleSchema = z.object({ productId: idSchema, on: z.enum(["true", "false"]).transform((value) => value === "true") });

/** The browser's list, sent once after sign-in; empty when the browser only wants the account's list. */
export const favoritesMergeSchema = z.array(idSchema).max(MAX_FAVORITES);
