import { Link } from "react-router";
import { ProductImage } from "~/components/product/product-image";
import { PencilIcon, TrashIcon } from "~/components/ui/icons";
import { lowVariantsLabel, type AdminProductRow } from "~/lib/catalog/admin-products";
import { formatBRL } from "~/lib/format/money";
import { productEditPath, productPrintPath } from "~/lib/pages/admin-product-paths";
import { productPath } from "~/lib/pages/navigation";

/** One product of the admin grid: what a clerk checks at a glance, and its actions. */
export function AdminProductCard({ product, onDelete }: { product: AdminProductRow; onDelete: () => void }) {
  const editPath = productEditPath(product.id);
  const low = lowVariantsLabel(product);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm" data-testid="admin-product" data-product-id={product.id}>
      <div className="relative">
        <ProductImage
          image={product.image}
          alt=""
          sizes="(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 50vw"
          className={`aspect-square w-full object-cover ${product.active ? "" : "grayscale"}`}
        />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {product.featured ? <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">Destaque</span> : null}
          {product.active ? null : <span className="rounded bg-slate-700 px-2 py-0.5 text-xs font-bold text-white">Inativo</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{product.shopName}</p>
        <h2 className="mt-0.5 line-clamp-2 font-semibold leading-snug">
          <Link to={editPath} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        <p className="mt-1 text-xs text-slate-500">{product.category}</p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-1 text-sm">
          <span className="font-bold">{product.priceCents === null ? "Consultar" : formatBRL(product.priceCents)}</span>
          <span className={product.stock > 0 ? "text-slate-700" : "font-semibold text-red-700"}>
            {product.stock > 0 ? `Estoque: ${product.stock}` : "Sem estoque"}
          </span>
        </div>
        {low || product.stockNeedsReview ? (
          <ul className="mt-1.5 flex flex-wrap gap-1 text-xs font-semibold" aria-label="Avisos de estoque">
            {low ? <li className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">{low}</li> : null}
            {product.stockNeedsReview ? <li className="rounded bg-sky-100 px-1.5 py-0.5 text-sky-900">Conferir estoque</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto grid grid-cols-2 gap-1.5 pt-3 text-sm">
          <Link
            to={editPath}
            className="col-span-2 flex items-center justify-center gap-1.5 rounded-lg bg-slate-900 px-2 py-2 font-semibold text-white hover:bg-slate-700"
          >
            <PencilIcon className="h-4 w-4" />
            Editar<span className="sr-only">: {product.name}</span>
          </Link>
          <Link
            to={productPath(product.id)}
            target="_blank"
            rel="noopener"
            className="rounded-lg border border-slate-300 px-1 py-2 text-center text-xs font-semibold hover:bg-slate-50 sm:text-sm"
          >
            Ver na loja<span className="sr-only">: {product.name} (abre em nova aba)</span>
          </Link>
          <button
            type="button"
            onClick={onDelete}
            className="flex items-center justify-center gap-1 rounded-lg border border-red-300 px-1 py-2 text-xs font-semibold text-red-700 hover:bg-red-50 sm:text-sm"
          >
            <TrashIcon className="h-4 w-4" />
            Excluir<span className="sr-only">: {product.name}</span>
          </button>
          {/* The print page is a document of its own, outside the admin's app: a plain link to a new tab. */}
          <a
            href={productPrintPath(product.id)}
            target="_blank"
            rel="noopener"
            className="col-span-2 rounded-lg border border-slate-300 px-1 py-2 text-center text-xs font-semibold hover:bg-slate-50 sm:text-sm"
          >
            Imprimir etiqueta com QR<span className="sr-only">: {product.name} (abre em nova aba)</span>
          </a>
        </div>
      </div>
    </li>
  );
}
