import { data, redirect } from "react-router";
import { CounterSaleScreen } from "~/components/admin/counter/counter-sale-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { counterReceiptPath, counterSaleSchema } from "~/lib/counter/counter-sale";
import { actionRefusal } from "~/lib/forms/action-result";
import { fieldErrors } from "~/lib/forms/form-errors";
import { requireStaffPermission, staffStoreScope, storeAccessRefusal } from "~/server/auth/guards.server";
import { listCounterStores, newSaleKey, sellAtCounter } from "~/server/counter/counter-sale.server";
import { startCounterPixCharge } from "~/server/payments/counter-pix.server";
import { counterPixPath } from "~/lib/counter/counter-pix";
import { readFormData } from "~/server/requests/form-data.server";
import { getSettings } from "~/server/group/settings.server";
import { maxInstallmentsFor } from "~/lib/payments/installments";
import type { Route } from "./+types/counter";

export async function loader({ request, context }: Route.LoaderArgs) {
  const clerk = await requireStaffPermission(request, context, "counter");
  // A new key per screen: a double tap or a resent form finds the sale it already made.
  const settings = await getSettings(context.db);
  return {
    stores: await listCounterStores(context.db, staffStoreScope(clerk)),
    saleKey: newSaleKey(),
    maxInstallments: maxInstallmentsFor(settings, "credit"),
  };
}

/** One counter sale; on success, its receipt. */
export async function action({ request, context }: Route.ActionArgs) {
  const clerk = await requireStaffPermission(request, context, "counter");
  const parsed = counterSaleSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
  const refused = storeAccessRefusal(clerk, parsed.data.storeId);
  if (refused) return refused;
  const sale = await sellAtCounter(context.db, clerk, parsed.data, { fiscal: Boolean(context.config.fiscal) });
  if (!sale.ok) return data(actionRefusal(sale.message), { status: 409 });
  // PIX: the code for the customer to scan first; the receipt once the money is in.
  if (parsed.data.payment === "pix") {
    await startCounterPixCharge(context, sale.orderId);
    return redirect(counterPixPath(sale.orderId));
  }
  return redirect(counterReceiptPath(sale.orderId));
}

export function meta() {
  return adminMeta("Balcão");
}

export default function AdminCounter({ loaderData, actionData }: Route.ComponentProps) {
  return <CounterSaleScreen stores={loaderData.stores} saleKey={loaderData.saleKey} result={actionData} maxInstallments={loaderData.maxInstallments} />;
}
