import { useState } from "react";
import { Form, Link } from "react-router";
import { productEditPath } from "~/lib/pages/admin-product-paths";
import { STARTER_IMPORT_PATH, type StarterResult as StarterOutcome } from "~/lib/catalog/product-import";

function isOutcome(value: unknown): value is StarterOutcome {
  return typeof value === "object" && value !== null && "status" in value && "index" in value;
}

/** One POST per product, so the bar moves as each one is really created. */
async function importOne(index: number, name: string): Promise<StarterOutcome> {
  const body = new FormData();
  body.set("index", String(index));
  try {
    const response = await fetch(STARTER_IMPORT_PATH, { method: "POST", body, headers: { Accept: "application/json" } });
    const isJson = response.headers.get("content-type")?.includes("json");
    const payload: unknown = isJson ? await response.json() : null;
    if (isOutcome(payload)) return payload;
    const message = response.status === 403 || response.redirected ? "Sessão expirada ou sem permissão. Entre novamente." : `Erro inesperado (${response.status}).`;
    return { index, name, status: "error", message };
  } catch {
    return { index, name, status: "error", message: "Falha de conexão. Verifique a internet e tente novamente." };
  }
}

function outcomeText(outcome: StarterOutcome): string {
  switch (outcome.status) {
    case "created":
      return `Criado (id ${outcome.id})`;
    case "exists":
      return `Já importado (id ${outcome.id})`;
    case "error":
      return outcome.message;
  }
}

/**
 * The 10 starter products, created one by one with a progress bar and each product's result.
 * Without JavaScript the button posts the page's form and the server imports all ten at once.
 */
export function StarterImport({ names, serverResults }: { names: string[]; serverResults?: StarterOutcome[] }) {
  const [results, setResults] = useState<(StarterOutcome | null)[]>(() => names.map((_, index) => serverResults?.[index] ?? null));
  const [running, setRunning] = useState<number | null>(null);
  const done = results.filter(Boolean).length;
  const finished = done === names.length;

  async function run() {
    setResults(names.map(() => null));
    for (const [index, name] of names.entries()) {
      setRunning(index);
      const outcome = await importOne(index, name);
      setResults((current) => current.map((existing, position) => (position === index ? outcome : existing)));
    }
    setRunning(null);
  }

  const count = (status: StarterOutcome["status"]) => results.filter((result) => result?.status === status).length;
  return (
    <section aria-labelledby="iniciais" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="iniciais" className="text-lg font-bold">
        Produtos iniciais
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cria {names.length} produtos de exemplo, com foto, um de cada vez. Os que já existem (mesmo nome na mesma loja) não são
        criados de novo.
      </p>
      <Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
        className="mt-4"
      >
        <input type="hidden" name="intent" value="starters" />
        <button type="submit" disabled={running !== null} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
          {running !== null ? "Importando…" : "Importar produtos iniciais"}
        </button>
      </Form>

      <div className="mt-4">
        <div className="flex items-center justify-between text-sm font-semibold">
          <label htmlFor="progresso-importacao">Progresso</label>
          <span data-testid="starter-progress">
            {done}/{names.length}
          </span>
        </div>
        <progress id="progresso-importacao" max={names.length} value={done} className="mt-1 h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600">
          {done} de {names.length}
        </progress>
        <p role="status" className="mt-1 text-sm text-slate-700">
          {running !== null
            ? `Importando ${running + 1} de ${names.length}: ${names[running]}`
            : finished
              ? `Concluído: ${count("created")} criados, ${count("exists")} já existiam, ${count("error")} com erro.`
              : ""}
        </p>
      </div>

      <StarterResultList names={names} results={results} running={running} />
    </section>
  );
}

function StarterResultList({ names, results, running }: { names: string[]; results: (StarterOutcome | null)[]; running: number | null }) {
  return (
    <ol className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" aria-label="Resultado por produto">
      {names.map((name, index) => {
        const result = results[index];
        return (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="starter-item">
            <span className="font-medium">{name}</span>
            {result ? (
              <span className={result.status === "error" ? "font-semibold text-red-700" : result.status === "created" ? "font-semibold text-green-700" : "text-slate-700"}>
                {result.status === "error" ? (
                  outcomeText(result)
                ) : (
                  <Link to={productEditPath(result.id)} className="underline">
                    {outcomeText(result)}
                  </Link>
                )}
              </span>
            ) : (
              <span className="text-slate-500">{running === index ? "Importando…" : "Aguardando"}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
