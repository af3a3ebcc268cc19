import { Form, Link, useNavigation } from "react-router";
import { CONFIRM_DEMO_REMOVAL_PARAM } from "~/lib/admin/dashboard";
import { countLabel } from "~/lib/format/plural";

type Removal = { names: string[]; units: number; orders: number };

/**
 * The dashboard's reminder while the first start's demo products are in the catalogue. Its button
 * opens a second step saying what goes (the products, their units in stock) and what stays (the
 * orders that have them), where the owner confirms; after it, what was removed.
 */
export function DemoProductsNotice({
  count,
  removal,
  removed,
  error,
}: {
  count: number;
  removal: Removal | null;
  removed: { products: number; units: number; orders: number } | null;
  error: string | null;
}) {
  const busy = useNavigation().formData?.get("intent") === "remove-demo-products";
  if (removed) {
    return (
      <p role="status" className="rounded-2xl border border-green-300 bg-green-50 p-4 font-semibold text-green-900">
        {countLabel(removed.products, "produto de demonstração removido", "produtos de demonstração removidos")}, com{" "}
        {countLabel(removed.units, "unidade", "unidades")} em estoque.
        {removed.orders > 0
          ? ` ${countLabel(removed.orders, "pedido com esses produtos continua", "pedidos com esses produtos continuam")} nas vendas e nos relatórios, sem mudança.`
          : ""}
      </p>
    );
  }
  if (count === 0) return null;
  return (
    <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="demo-products">
      <p className="font-semibold">A loja ainda tem {countLabel(count, "produto de demonstração", "produtos de demonstração")}, com estoque inventado.</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {removal ? (
        <DemoRemovalConfirmation removal={removal} busy={busy} />
      ) : (
        <>
          <p className="mt-1 text-sm">Eles aparecem na loja e podem ser pedidos. Remova-os antes de abrir a loja; antes de remover, você vê o que sai.</p>
          <Link
            to={`/admin?${CONFIRM_DEMO_REMOVAL_PARAM}`}
            className="mt-3 inline-block rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            Remover produtos de demonstração
          </Link>
        </>
      )}
    </div>
  );
}

/** The second step: what goes, what stays, and the button that removes. */
function DemoRemovalConfirmation({ removal, busy }: { removal: Removal; busy: boolean }) {
  return (
    <section aria-labelledby="demo-removal-title" className="mt-3 rounded-xl border border-red-300 bg-white p-3" data-testid="demo-removal">
      <h2 id="demo-removal-title" className="font-semibold text-red-900">
        Remover {countLabel(removal.names.length, "produto de demonstração", "produtos de demonstração")} e{" "}
        {countLabel(removal.units, "unidade", "unidades")} em estoque?
      </h2>
      <p className="mt-1 text-sm">Saem da loja e do painel para sempre, com as fotos e o estoque de todas as lojas.</p>
      {removal.orders > 0 ? (
        <p className="mt-1 text-sm">
          {countLabel(removal.orders, "pedido tem", "pedidos têm")} algum desses produtos:{" "}
          {removal.orders === 1 ? "ele não muda e continua" : "eles não mudam e continuam"} nas vendas e nos relatórios, com o nome e o preço de cada item.
          Um pedido de teste sai dos números quando é cancelado.
        </p>
      ) : (
        <p className="mt-1 text-sm">Nenhum pedido tem esses produtos.</p>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold">Ver os produtos</summary>
        <ul className="mt-1 list-disc pl-5">
          {removal.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </details>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="confirmar" value="sim" />
        <button
          type="submit"
          name="intent"
          value="remove-demo-products"
          disabled={busy}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          {busy ? "Removendo…" : "Sim, remover"}
        </button>
        <Link to="/admin" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Cancelar
        </Link>
      </Form>
    </section>
  );
}
