import { Form, useNavigation } from "react-router";
import { countLabel } from "~/lib/format/plural";

/**
 * The dashboard's reminder while the first start's demo products are in the catalogue, with the one
 * button that removes them all (and their stock); after it, what was removed.
 */
export function DemoProductsNotice({ count, removed, error }: { count: number; removed: { products: number; orders: number } | null; error: string | null }) {
  const busy = useNavigation().formData?.get("intent") === "remove-demo-products";
  if (removed) {
    return (
      <p role="status" className="rounded-2xl border border-green-300 bg-green-50 p-4 font-semibold text-green-900">
        {countLabel(removed.products, "produto de demonstração removido", "produtos de demonstração removidos")}, com o estoque.
        {removed.orders > 0
          ? ` ${countLabel(removed.orders, "pedido tinha", "pedidos tinham")} esses produtos: ${removed.orders === 1 ? "foi guardado" : "foram guardados"} à parte, fora das vendas e dos relatórios.`
          : ""}
      </p>
    );
  }
  if (count === 0) return null;
  return (
    <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="demo-products">
      <p className="font-semibold">A loja ainda tem {countLabel(count, "produto de demonstração", "produtos de demonstração")}, com estoque inventado.</p>
      <p className="mt-1 text-sm">
        Eles aparecem na loja e podem ser pedidos. Remova-os antes de abrir a loja: os pedidos que já tiverem esses produtos são guardados à parte, fora das
        vendas e dos relatórios.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="remove-demo-products"
          disabled={busy}
          className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
        >
          {busy ? "Removendo…" : "Remover produtos de demonstração"}
        </button>
      </Form>
    </div>
  );
}
