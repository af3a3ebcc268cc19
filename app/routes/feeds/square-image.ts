import { squareImageResponse } from "~/server/channels/square-images.server";
import type { Route } from "./+types/square-image";
import { mediaStorageOf } from "~/server/media/media-storage.server";

/** `/feeds/imagens/{key}.jpg`: a product picture as the catalogues take it (square, at least 500 px). */
export function loader({ params, context }: Route.LoaderArgs) {
  return squareImageResponse(context.db, mediaStorageOf(context.config), params.file);
}
