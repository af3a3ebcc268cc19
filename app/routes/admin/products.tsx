import { useCallback, useState } from "react";
import { data, Link, redirect, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { AdminProductCard } from "~/components/admin/products/admin-product-card";
import { DeleteProductDialog } from "~/components/admin/products/delete-product-dialog";
import { NoticeToast } from "~/components/admin/products/notice-toast";
import { ProductListFilters } from "~/components/admin/products/product-list-filters";
import { NoProducts, SameNameWarning } from "~/components/admin/products/product-list-notes";
import { PlusIcon } from "~/components/ui/icons";
import { hasAdminFilters, NOTICE_PARAM, noticeFrom, parseAdminProductFilters, PRODUCT_NOTICES, SAME_NAME_PARAM } from "~/lib/catalog/admin-products";
import { parseId } from "~/lib/forms/ids";
import { PRODUCT_MESSAGES } from "~/lib/catalog/product.schema";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { listShops } from "~/server/catalog/products.server";
import { readFormData } from "~/server/requests/form-data.server";
import { listAdminProducts } from "~/server/catalog/admin-product-list.server";
import { deleteProduct, sameNameInStore } from "~/server/catalog/product-save.server";
import type { Route } from "./+types/products";
import { log } from "~/server/log/logger.server";
import { countLabel, pluralForm } from "~/lib/format/plural";
import { adminMeta } from "~/lib/admin/admin-meta";
import { mediaStorageOf } from "~/server/media/media-storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "products");
  const url = new URL(request.url);
  const filters = parseAdminProductFilters(url.searchParams);
  const savedId = parseId(url.searchParams.get(SAME_NAME_PARAM));
  const [page, shops, twin] = await Promise.all([
    listAdminProducts(context.db, filters),
    listShops(context.db),
    savedId === null ? null : sameNameInStore(context.db, savedId),
  ]);
  return {
    ...page,
    sameName: twin && savedId !== null ? { savedId, other: twin } : null,
    filters: { ...filters, page: page.page },
    shops: shops.map((shop) => ({ slug: shop.slug, name: shop.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, "products");
  const form = await readFormData(request);
  const id = parseId(form.get("id"));
  if (form.get("intent") !== "delete" || id === null) {
    return data(actionRefusal(PRODUCT_MESSAGES.deleteFailed), { status: 400 });
  }
  try {
    if (!(await deleteProduct(context.db, mediaStorageOf(context.config), id, admin))) {
      return data(actionRefusal(PRODUCT_MESSAGES.deleteFailed), { status: 404 });
    }
  } catch (error) {
    log.error({ err: error }, "admin: deleting a product failed");
    return data(actionRefusal(PRODUCT_MESSAGES.deleteFailed), { status: 500 });
  }
  // Back to the same filtered page, with the confirmation.
  const back = new URL(request.url).searchParams;
  back.set(NOTICE_PARAM, "excluido");
  return redirect(`/admin/produtos?${back.toString()}`);
}

/** Closing the notice only drops `?aviso` from the URL: no need to load the list again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(NOTICE_PARAM);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) && !nextUrl.searchParams.has(NOTICE_PARAM) ? false : defaultShouldRevalidate;
}

export function meta() {
  return adminMeta("Produtos");
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, page, pageCount, filters, shops } = loaderData;
  const [toDelete, setToDelete] = useState<{ id: number; name: string } | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const [searchParams] = useSearchParams();
  // Read from the URL here: closing the notice only changes the URL (see shouldRevalidate).
  const notice = noticeFrom(searchParams);
  const navigate = useNavigate();
  const filtered = hasAdminFilters(filters);
  const closeDialog = useCallback(() => setToDelete(null), []);
  const closeNotice = useCallback(() => {
    const next = new URLSearchParams(searchParams);
    next.delete(NOTICE_PARAM);
    const search = next.toString();
    navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [navigate, searchParams]);

  const { sameName } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      {sameName ? <SameNameWarning sameName={sameName} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Produtos</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="admin-product-count">
            {countLabel(total, "produto", "produtos")}
            {filtered ? ` ${pluralForm(total, "encontrado", "encontrados")}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/importar" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
            Importar
          </Link>
          <Link
            to="/admin/produtos/exportar.csv"
            reloadDocument
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Exportar CSV
          </Link>
          <Link to="/admin/produtos/novo" className="flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            <PlusIcon className="h-4 w-4" />
            Novo produto
          </Link>
        </div>
      </div>

      <div className="mt-4">
        <ProductListFilters filters={filters} shops={shops} active={filtered} />
      </div>

      {products.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5" aria-label="Produtos">
          {products.map((product) => (
            <AdminProductCard key={product.id} product={product} onDelete={() => setToDelete({ id: product.id, name: product.name })} />
          ))}
        </ul>
      ) : (
        <NoProducts filtered={filtered} />
      )}

      <AdminPagination page={page} pageCount={pageCount} label="Páginas de produtos" />

      {toDelete ? <DeleteProductDialog product={toDelete} onClose={closeDialog} /> : null}
      {actionData && !actionData.ok && dismissedError !== actionData ? (
        <NoticeToast tone="error" message={actionData.errors.form ?? PRODUCT_MESSAGES.deleteFailed} onClose={() => setDismissedError(actionData)} />
      ) : notice ? (
        <NoticeToast tone="success" message={PRODUCT_NOTICES[notice]} onClose={closeNotice} />
      ) : null}
    </div>
  );
}
