import { shareImageResponse } from "~/server/channels/share-images.server";
import type { Route } from "./+types/share-image";

/** `/compartilhar/grupo.jpg`, `/compartilhar/calcados.jpg`: the share previews of pages without a picture. */
export function loader({ params, context }: Route.LoaderArgs) {
  return shareImageResponse(context.db, context.config.dataDir, params.file);
}
