import { data, redirect } from "react-router";
import { StockCountScreen } from "~/components/admin/counter/stock-count-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { STOCK_COUNT_PATH } from "~/lib/counter/counter-sale";
import { countLineSchema } from "~/lib/counter/stock-count";
import { actionRefusal, actionSuccess } from "~/lib/forms/action-result";
import { fieldErrors } from "~/lib/forms/form-errors";
import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission, staffStoreScope, storeAccessRefusal } from "~/server/auth/guards.server";
import { listCounterStores } from "~/server/counter/counter-sale.server";
import { applyStockCount, openStockCount, readAppliedStockCount, readOpenStockCount, recordCountLine } from "~/server/counter/stock-count.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/stock-count";

/** ?loja=ID: that store's open count; &balanco=ID: that count of the store, just applied (its differences). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "counter");
  const params = new URL(request.url).searchParams;
  const asked = parseId(params.get("loja"));
  const storeId = asked !== null && (staffStoreScope(user) ?? asked) === asked ? asked : staffStoreScope(user);
  const appliedId = parseId(params.get("balanco"));
  const [stores, count, applied] = await Promise.all([
    listCounterStores(context.db, staffStoreScope(user)),
    storeId ? readOpenStockCount(context.db, storeId) : null,
    storeId && appliedId ? readAppliedStockCount(context.db, storeId, appliedId) : null,
  ]);
  const shown = stores.some((store) => store.id === storeId) ? storeId : null;
  return { stores, storeId: shown, count, applied: shown === null ? null : applied };
}

/** `intent`: start (the store's count), count (one or more shelves: `counted_<variantId>`), apply. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "counter");
  const form = await readFormData(request);
  const storeId = parseId(form.get("storeId"));
  if (!storeId) return data(actionRefusal("Escolha a loja do balanço."), { status: 400 });
  const refused = storeAccessRefusal(user, storeId);
  if (refused) return refused;
  const back = `${STOCK_COUNT_PATH}?loja=${storeId}`;
  switch (form.get("intent")) {
    case "start": {
      const opened = await openStockCount(context.db, storeId, user);
      if (!opened.ok) return data(actionRefusal(opened.message), { status: 400 });
      return redirect(back);
    }
    case "count": {
      const lines = [...form.keys()].filter((key) => key.startsWith("counted_") && String(form.get(key)).trim() !== "");
      if (lines.length === 0) return data(actionRefusal("Digite quantas unidades há na prateleira."), { status: 400 });
      for (const key of lines) {
        const parsed = countLineSchema.safeParse({ countId: form.get("countId"), variantId: key.slice("counted_".length), counted: form.get(key) });
        if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error).counted ?? "Contagem inválida."), { status: 400 });
        const recorded = await recordCountLine(context.db, storeId, parsed.data.countId, parsed.data.variantId, parsed.data.counted);
        if (!recorded.ok) return data(actionRefusal(recorded.message), { status: 409 });
      }
      return data(actionSuccess(lines.length === 1 ? "Contagem salva." : `${lines.length} contagens salvas.`));
    }
    case "apply": {
      const countId = parseId(form.get("countId"));
      if (!countId) return data(actionRefusal("Balanço inválido."), { status: 400 });
      const applied = await applyStockCount(context.db, storeId, countId, user);
      if (!applied.ok) return data(actionRefusal(applied.message), { status: 409 });
      return redirect(`${back}&aplicado=${applied.shelves}&balanco=${applied.countId}`);
    }
    default:
      return data(actionRefusal("Ação desconhecida."), { status: 400 });
  }
}

export function meta() {
  return adminMeta("Balanço");
}

export default function AdminStockCount({ loaderData, actionData }: Route.ComponentProps) {
  return <StockCountScreen stores={loaderData.stores} storeId={loaderData.storeId} count={loaderData.count} applied={loaderData.applied} result={actionData} />;
}
