import { Form, Link, useNavigation } from "react-router";
import { CSV_MAX_SIZE_LABEL, type CsvImportResult } from "~/lib/catalog/product-import";
import { countLabel } from "~/lib/format/plural";

/** CSV upload: all rows saved, or none and every bad row listed by its line in the file. */
export function CsvImport({ outcome, fileError }: { outcome?: CsvImportResult; fileError?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "csv";
  return (
    <section aria-labelledby="csv" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="csv" className="text-lg font-bold">
        Planilha (CSV)
      </h2>
      <div className="mt-1 space-y-1 text-sm text-slate-600">
        <p>
          <Link to="/admin/produtos/exportar.csv" reloadDocument className="font-semibold text-brand-700 underline">
            Baixe o CSV dos produtos
          </Link>
          , edite no Excel ou no Google Planilhas e envie de volta. Cada linha é um <strong>tamanho e cor</strong> de um produto, com
          o seu estoque e SKU; os dados do produto se repetem, iguais, em todas as suas linhas. Linhas com <strong>id</strong>{" "}
          atualizam aquele produto; linhas sem id, seguidas e com o mesmo nome e loja, criam um produto novo (com descrição).
        </p>
        <p>
          Colunas separadas por ponto e vírgula (;). Preços como 129,90 (vazio = consultar preço); tamanho e cor vazios se o produto
          não tiver; um tamanho ou cor sem linha deixa de ser oferecido; destaque e ativo: sim ou não; loja: o nome de uma das lojas,
          como nas configurações (ex.: Erick Calçados Barreiros). estoque_loja_principal: as unidades na loja do produto; cada loja tem
          a sua coluna estoque_&lt;loja&gt;.
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="csv" />
        <div className="flex-1">
          <label htmlFor="arquivo-csv" className="block text-sm font-semibold text-slate-800">
            Arquivo CSV (até {CSV_MAX_SIZE_LABEL})
          </label>
          <input id="arquivo-csv" type="file" name="file" accept=".csv,text/csv" required className="mt-1 block w-full text-sm" />
        </div>
        <button type="submit" disabled={busy} className="rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700 disabled:opacity-70">
          {busy ? "Importando…" : "Importar CSV"}
        </button>
      </Form>
      {fileError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {fileError}
        </p>
      ) : outcome?.ok ? (
        <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-semibold text-green-800">
          Importação concluída: {countLabel(outcome.created, "produto criado", "produtos criados")}, {countLabel(outcome.updated, "atualizado", "atualizados")} e{" "}
          {outcome.unchanged.toLocaleString("pt-BR")} sem alteração.
        </p>
      ) : outcome ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">Nenhum produto foi salvo. Corrija {outcome.errors.length === 1 ? "a linha abaixo" : "as linhas abaixo"} e envie o arquivo de novo:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="csv-errors">
            {outcome.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                <strong>Linha {error.line}:</strong> {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
