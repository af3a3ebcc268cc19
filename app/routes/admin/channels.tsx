import { data, redirect } from "react-router";
import { actionRefusal, resultMessage } from "~/lib/forms/action-result";
import { ChannelsView } from "~/components/admin/channels/channels-view";
import { FEED_PATHS } from "~/lib/channels/channels";
import { channelChangeSchema } from "~/lib/channels/channels.schema";
import { formValues } from "~/lib/forms/form-errors";
import { adminMeta } from "~/lib/admin/admin-meta";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { applyChannelChange, categoryMappingRows, checkCatalogue, shopsInChannels } from "~/server/channels/channel-admin.server";
import { readFormData } from "~/server/requests/form-data.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/channels";

export function meta() {
  return adminMeta("Canais de venda");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "channels");
  const origin = await shopPublicOrigin(context);
  const [check, shops, categories] = await Promise.all([
    checkCatalogue(context.db, origin),
    shopsInChannels(context.db),
    categoryMappingRows(context.db),
  ]);
  return {
    feeds: { meta: `${origin}${FEED_PATHS.meta}`, google: `${origin}${FEED_PATHS.google}` },
    check,
    shops,
    categories,
    saved: new URL(request.url).searchParams.get("salvo") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, "channels");
  const parsed = channelChangeSchema.safeParse(formValues(await readFormData(request)));
  if (!parsed.success) return data(actionRefusal(parsed.error.issues[0]?.message ?? "Pedido inválido."), { status: 400 });
  const found = await applyChannelChange(context.db, parsed.data, admin);
  if (!found) return data(actionRefusal(parsed.data.intent.endsWith("shop") ? "Loja não encontrada." : "Produto não encontrado."), { status: 404 });
  return redirect("/admin/canais?salvo=1");
}

export default function AdminChannels({ loaderData, actionData }: Route.ComponentProps) {
  return <ChannelsView {...loaderData} error={resultMessage(actionData) ?? null} />;
}
