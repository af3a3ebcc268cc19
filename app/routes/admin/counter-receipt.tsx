import { data } from "react-router";
import { CounterReceiptView } from "~/components/admin/counter/counter-receipt";
import { adminMeta } from "~/lib/admin/admin-meta";
import { requireAdmin } from "~/server/auth/guards.server";
import { counterReceipt } from "~/server/counter/counter-sale.server";
import type { Route } from "./+types/counter-receipt";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const receipt = UUID.test(params.id) ? await counterReceipt(context.db, params.id) : null;
  if (!receipt) throw data("Venda de balcão não encontrada.", { status: 404 });
  return { receipt };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return adminMeta(loaded ? `Recibo #${loaded.receipt.code}` : "Recibo");
}

export default function AdminCounterReceipt({ loaderData }: Route.ComponentProps) {
  return <CounterReceiptView receipt={loaderData.receipt} />;
}
