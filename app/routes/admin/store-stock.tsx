import { StoreStockScreen } from "~/components/admin/stock/store-stock-screen";
import { adminMeta } from "~/lib/admin/admin-meta";
import { roleMay } from "~/lib/staff/staff-roles";
import { parseStoreStockFilters } from "~/lib/stores/store-stock-list";
import { requireStaffPermission, requireStoreAccess, staffStoreScope } from "~/server/auth/guards.server";
import { listStoreStock } from "~/server/catalog/store-stock-list.server";
import { listStores } from "~/server/orders/order-store.server";
import type { Route } from "./+types/store-stock";

/** /admin/estoque?loja=ID&q=…: one store's units per size × colour; a Vendedor's own store only (another: 403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "stock");
  const filters = parseStoreStockFilters(new URL(request.url).searchParams);
  if (filters.storeId !== null) requireStoreAccess(user, filters.storeId);
  const scope = staffStoreScope(user);
  const stores = (await listStores(context.db)).filter((store) => scope === null || store.id === scope).map(({ id, name }) => ({ id, name }));
  const store = stores.find((candidate) => candidate.id === filters.storeId) ?? stores[0] ?? null;
  const list = store ? await listStoreStock(context.db, store.id, filters) : { products: [], total: 0, page: 1, pageCount: 1 };
  return { stores, store, list, q: filters.q, canCount: roleMay(user.staffRole, "counter") };
}

export function meta() {
  return adminMeta("Estoque");
}

export default function AdminStoreStock({ loaderData }: Route.ComponentProps) {
  return <StoreStockScreen {...loaderData} />;
}
