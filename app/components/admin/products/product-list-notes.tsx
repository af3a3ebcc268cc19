import { Link } from "react-router";

/**
 * After a save, the store already had a product of that name: perhaps the same one registered twice,
 * its stock split between the two. Both are linked.
 */
export function SameNameWarning({ sameName }: { sameName: { savedId: number; other: { id: number; name: string } } }) {
  return (
    <p role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="same-name-warning">
      <span className="font-semibold">Esta loja já tinha um produto chamado “{sameName.other.name}”</span> (código {sameName.other.id}). Se for o mesmo
      produto cadastrado duas vezes, o estoque ficou dividido entre os dois:{" "}
      <Link to={`/admin/produtos/editar/${sameName.other.id}`} className="font-semibold underline">
        abrir o que já existia
      </Link>{" "}
      ou{" "}
      <Link to={`/admin/produtos/editar/${sameName.savedId}`} className="font-semibold underline">
        o que acabou de salvar
      </Link>
      .
    </p>
  );
}

/** The empty list: with filters, a way to clear them; without, where products come from. */
export function NoProducts({ filtered }: { filtered: boolean }) {
  return (
    <div className="mt-4 rounded-xl bg-white p-8 text-center shadow-sm">
      <p className="text-lg font-semibold">{filtered ? "Nenhum produto encontrado" : "Nenhum produto cadastrado"}</p>
      <p className="mt-2 text-sm text-slate-600">
        {filtered ? (
          <Link to="/admin/produtos" className="font-semibold text-brand-700 underline">
            Limpar os filtros
          </Link>
        ) : (
          <>
            <Link to="/admin/produtos/novo" className="font-semibold text-brand-700 underline">
              Cadastre um produto
            </Link>{" "}
            ou{" "}
            <Link to="/admin/importar" className="font-semibold text-brand-700 underline">
              importe os produtos iniciais
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}
