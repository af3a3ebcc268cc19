import { data } from "react-router";
import { CounterPixView } from "~/components/admin/counter/counter-pix-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { CONFIRM_COUNTER_PIX_INTENT } from "~/lib/counter/counter-pix";
import { actionRefusal } from "~/lib/forms/action-result";
import { requireStaffPermission, staffStoreScope } from "~/server/auth/guards.server";
import { orderInStoreScope } from "~/server/orders/admin-order-queries.server";
import { markOrderPaid } from "~/server/payments/admin-order-payment.server";
import { counterPixScreen } from "~/server/payments/counter-pix.server";
import { withdrawOrderChargesSoon } from "~/server/payments/order-payment.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/counter-pix";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = "Venda de balcão com PIX não encontrada.";

/** The sale, for a clerk who may sell at the counter; another store's is not found for a Vendedor, as an unknown one. */
async function saleInScope(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const clerk = await requireStaffPermission(request, context, "counter");
  if (!UUID.test(id) || !(await orderInStoreScope(context.db, id, staffStoreScope(clerk)))) throw data(NOT_FOUND, { status: 404 });
  return clerk;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await saleInScope(request, context, params.id);
  const screen = await counterPixScreen(context, params.id);
  if (!screen) throw data(NOT_FOUND, { status: 404 });
  return { screen };
}

/** "Confirmar pagamento recebido": the clerk saw the money in the bank app (audited as "Marcar como pago"). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const clerk = await saleInScope(request, context, params.id);
  const form = await readFormData(request);
  if (form.get("intent") !== CONFIRM_COUNTER_PIX_INTENT) return data(actionRefusal("Ação desconhecida."), { status: 400 });
  const result = await markOrderPaid(context.db, context.config, params.id, clerk);
  if (!result.ok) return data(result, { status: 400 });
  withdrawOrderChargesSoon(context, params.id);
  return data(result);
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return adminMeta(loaded ? `PIX da venda #${loaded.screen.code}` : "PIX da venda");
}

export default function AdminCounterPix({ loaderData }: Route.ComponentProps) {
  return <CounterPixView screen={loaderData.screen} />;
}
