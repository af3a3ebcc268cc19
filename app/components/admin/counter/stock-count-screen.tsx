import { useCallback, useEffect, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { COUNTER_PATH, STOCK_COUNT_PATH, type CounterProduct } from "~/lib/counter/counter-sale";
import {
  differenceSentence,
  differenceSummary,
  heldLabel,
  lineDifference,
  type AppliedStockCountView,
  type HeldUnits,
  type StockCountLine,
  type StockCountView,
} from "~/lib/counter/stock-count";
import { formatBRL } from "~/lib/format/money";
import type { ActionResult } from "~/lib/forms/action-result";
import { variantLabel } from "~/lib/catalog/variants";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import { ProductFinder } from "./product-finder";
import { StoreSelect, useRememberedStore } from "./remembered-store";

type Store = { id: number; name: string };

const TIME = new Intl.DateTimeFormat("pt-BR", { timeStyle: "short", timeZone: SHOP_TIME_ZONE });

/**
 * /admin/balcao/balanco: a store's stock count on a phone. Scan or search a product, type what is on
 * its shelf per size × colour, save; apply when the store is counted. Each saved line is "counted N
 * now", so sales made while counting are still taken off when the count is applied.
 */
export function StockCountScreen({
  stores,
  storeId: shownStoreId,
  count,
  applied: appliedCount,
  result,
}: {
  stores: Store[];
  storeId: number | null;
  count: StockCountView | null;
  /** The count just applied (?balanco=ID): its differences. */
  applied: AppliedStockCountView | null;
  result: ActionResult | undefined;
}) {
  const [storeId, setStoreId] = useRememberedStore(stores, shownStoreId);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [product, setProduct] = useState<CounterProduct | null>(null);
  const saver = useFetcher<ActionResult>();

  // The remembered store opens its count.
  useEffect(() => {
    if (storeId !== null && storeId !== shownStoreId) navigate(`${STOCK_COUNT_PATH}?loja=${storeId}`, { replace: true });
  }, [storeId, shownStoreId, navigate]);

  const pick = useCallback((picked: CounterProduct) => setProduct(picked), []);
  useEffect(() => {
    if (saver.state === "idle" && saver.data?.ok) setProduct(null);
  }, [saver.state, saver.data]);

  const errors = result && !result.ok ? result.errors : {};
  const saveErrors = saver.data && !saver.data.ok ? saver.data.errors : {};
  const applied = params.get("aplicado");

  return (
    <div className="mx-auto max-w-md space-y-4">
      <div className="flex items-baseline justify-between gap-2">
        <h1 className="text-2xl font-black">Balanço</h1>
        <Link to={COUNTER_PATH} className="text-sm font-semibold text-slate-700 underline">
          Voltar ao balcão
        </Link>
      </div>
      <StoreSelect stores={stores} storeId={storeId} onChange={setStoreId} />
      {applied ? <AppliedCountNotice applied={applied} appliedCount={appliedCount} /> : null}
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}

      {shownStoreId !== null && !count ? <StartCountForm storeId={shownStoreId} /> : null}

      {shownStoreId !== null && count ? (
        <>
          <p className="text-sm text-slate-600">
            Balanço aberto por {count.startedByName || "—"} às {TIME.format(new Date(count.startedAt))}.
          </p>
          <ProductFinder storeId={shownStoreId} onPick={pick} />
          {product ? (
            <saver.Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={`Contagem de ${product.name}`}>
              <input type="hidden" name="storeId" value={shownStoreId} />
              <input type="hidden" name="countId" value={count.id} />
              <h2 className="font-bold">{product.name}</h2>
              <p className="text-sm text-slate-600">Digite quantas unidades há na prateleira (deixe em branco o que não contou).</p>
              <ShelfCountInputs product={product} count={count} />
              {saveErrors.form ? <p className="text-sm font-medium text-red-700">{saveErrors.form}</p> : null}
              <button type="submit" name="intent" value="count" className="w-full rounded-lg bg-slate-900 px-4 py-3 font-bold text-white">
                {saver.state !== "idle" ? "Salvando…" : "Salvar contagem"}
              </button>
            </saver.Form>
          ) : null}
          {saver.data?.ok && saver.data.message ? (
            <p role="status" className="text-sm font-semibold text-emerald-800">
              {saver.data.message}
            </p>
          ) : null}

          <CountedSoFar count={count} />
          <ApplyCountForm storeId={shownStoreId} countId={count.id} />
        </>
      ) : null}
    </div>
  );
}

/**
 * Each counted shelf: the system's number and the units open orders hold there (on the shelf, already
 * sold), what was counted, what the shelf becomes, and the difference in units and reais.
 */
function CountLines({ lines, held, tense }: { lines: StockCountLine[]; held: Record<number, HeldUnits>; tense: "before" | "after" }) {
  return (
    <ul className="mt-2 divide-y divide-slate-100 text-sm">
      {lines.map((line) => {
        const difference = lineDifference(line);
        const heldNow = held[line.variantId];
        return (
          <li key={line.variantId} className="py-1.5" data-testid="stock-count-line">
            <div className="flex justify-between gap-2">
              <span className="min-w-0 font-medium">
                {line.name}
                {variantLabel(line) ? ` (${variantLabel(line)})` : ""}
              </span>
              <span
                className={`whitespace-nowrap font-semibold ${difference.units < 0 ? "text-red-700" : difference.units > 0 ? "text-amber-800" : "text-slate-600"}`}
              >
                {difference.units === 0
                  ? "sem diferença"
                  : `${difference.units > 0 ? "+" : "−"}${Math.abs(difference.units)}${difference.cents === null ? "" : ` (${difference.units > 0 ? "+" : "−"}${formatBRL(Math.abs(difference.cents))})`}`}
              </span>
            </div>
            <p className="text-xs text-slate-600">
              {tense === "before" ? "No sistema" : "Era"}: {line.before}
              {line.heldAtCount > 0 ? ` (+ ${heldNow && tense === "before" ? heldLabel(heldNow) : `${line.heldAtCount} ${line.heldAtCount === 1 ? "reservado" : "reservados"} para pedidos`})` : ""}
              {` · contado: ${line.counted} às ${TIME.format(new Date(line.countedAt))}`}
              {` · ${tense === "before" ? "fica" : "ficou"}: ${line.after}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Applying asks first: the store's stock becomes what was counted. */
function ApplyCountForm({ storeId, countId }: { storeId: number; countId: number }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm("Aplicar o balanço? O estoque desta loja passa a ser o contado, menos o reservado para pedidos e o que foi vendido depois.")) event.preventDefault();
      }}
    >
      <input type="hidden" name="storeId" value={storeId} />
      <input type="hidden" name="countId" value={countId} />
      <button type="submit" name="intent" value="apply" className="w-full rounded-lg bg-emerald-700 px-4 py-3 text-lg font-bold text-white">
        Aplicar balanço
      </button>
    </Form>
  );
}

function CountedSoFar({ count }: { count: StockCountView }) {
  return (
    <section aria-label="Contados" className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="font-bold">Contados ({count.lines.length})</h2>
      {count.lines.length === 0 ? (
        <p className="text-sm text-slate-600">Nada contado ainda.</p>
      ) : (
        <>
          <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="stock-count-summary">
            {differenceSentence(differenceSummary(count.lines), "before", formatBRL)}
          </p>
          <CountLines lines={count.lines} held={count.held} tense="before" />
        </>
      )}
    </section>
  );
}

/** One input per size × colour, with what the system has, what orders hold and what was already counted. */
function ShelfCountInputs({ product, count }: { product: CounterProduct; count: StockCountView }) {
  return (
    <ul className="space-y-2">
      {product.variants.map((variant) => {
        const counted = count.lines.find((line) => line.variantId === variant.id);
        return (
          <li key={variant.id}>
            <label className="flex items-center justify-between gap-3">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{variantLabel(variant) || "Unidades"}</span>
                <span className="block text-xs text-slate-600">
                  No sistema: {variant.stock}
                  {count.held[variant.id] ? ` · ${heldLabel(count.held[variant.id]!)}` : ""}
                  {counted ? ` · contado: ${counted.counted}` : ""}
                </span>
              </span>
              <input
                name={`counted_${variant.id}`}
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                aria-label={`Contado: ${variantLabel(variant) || product.name}`}
                className="h-11 w-20 rounded-lg border border-slate-300 text-center text-lg"
              />
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function StartCountForm({ storeId }: { storeId: number }) {
  return (
    <Form method="post">
      <input type="hidden" name="storeId" value={storeId} />
      <p className="mb-3 text-sm text-slate-700">
        Conte as prateleiras da loja produto a produto. As vendas feitas durante a contagem continuam descontadas quando o balanço for aplicado.
      </p>
      <button type="submit" name="intent" value="start" className="w-full rounded-lg bg-slate-900 px-4 py-3 text-lg font-bold text-white">
        Começar balanço
      </button>
    </Form>
  );
}

function AppliedCountNotice({ applied, appliedCount }: { applied: string; appliedCount: AppliedStockCountView | null }) {
  return (
    <section role="status" aria-label="Balanço aplicado" className="rounded-lg bg-emerald-50 p-3 text-emerald-950">
      <p className="font-semibold">
        Balanço aplicado: {applied} {applied === "1" ? "prateleira atualizada" : "prateleiras atualizadas"}.
      </p>
      {appliedCount ? (
        <>
          <p className="mt-1 text-sm" data-testid="stock-count-applied-summary">
            {differenceSentence(differenceSummary(appliedCount.lines), "after", formatBRL)}
          </p>
          <CountLines lines={appliedCount.lines} held={{}} tense="after" />
        </>
      ) : null}
    </section>
  );
}
