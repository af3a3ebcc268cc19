import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useMediaUrl } from "~/components/product/media-url";
import { imageUrl } from "~/lib/catalog/images";
import { COUNTER_PRODUCTS_PATH, type CounterLookup, type CounterProduct } from "~/lib/counter/counter-sale";
import { formatBRL } from "~/lib/format/money";

// The camera and its decoders load only when the clerk taps "Escanear" on this screen.
const CodeScanner = lazy(() => import("./code-scanner"));

const SEARCH_DELAY_MS = 200;

/**
 * Finds a product by name (search as you type) or by camera (a price card's QR, a barcode): what the
 * counter and the stock count start from. `onPick` gets the product and, for a scanned SKU, its variant.
 */
export function ProductFinder({ storeId, onPick }: { storeId: number | null; onPick: (product: CounterProduct, variantId: number | null) => void }) {
  const fetcher = useFetcher<CounterLookup>();
  const [query, setQuery] = useState("");
  const [scanning, setScanning] = useState(false);
  const [scanMessage, setScanMessage] = useState("");
  const pickOnArrival = useRef(false);
  const load = fetcher.load;

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => load(`${COUNTER_PRODUCTS_PATH}?${new URLSearchParams({ q, loja: String(storeId ?? "") })}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, storeId, load]);

  const found = fetcher.data;
  useEffect(() => {
    if (!pickOnArrival.current || !found || fetcher.state !== "idle") return;
    pickOnArrival.current = false;
    const [only] = found.products;
    if (only) onPick(only, found.variantId);
    else setScanMessage("Nenhum produto com este código. Busque pelo nome.");
  }, [found, fetcher.state, onPick]);

  function scanned(code: string) {
    setScanning(false);
    setScanMessage("");
    pickOnArrival.current = true;
    load(`${COUNTER_PRODUCTS_PATH}?${new URLSearchParams({ codigo: code, loja: String(storeId ?? "") })}`);
  }

  const results = query.trim().length >= 2 && !pickOnArrival.current ? (found?.products ?? []) : [];
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Buscar produto pelo nome</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Buscar pelo nome"
            autoComplete="off"
            enterKeyHint="search"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-base"
          />
        </label>
        <button type="button" onClick={() => setScanning(true)} className="shrink-0 rounded-lg bg-slate-900 px-4 py-3 text-base font-semibold text-white">
          Escanear
        </button>
      </div>
      {scanMessage ? <p className="text-sm font-medium text-red-700">{scanMessage}</p> : null}
      {scanning ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Abrindo a câmera…</p>}>
          <CodeScanner onCode={scanned} onClose={() => setScanning(false)} />
        </Suspense>
      ) : null}
      {results.length > 0 ? (
        <FoundProducts
          products={results}
          onChoose={(product) => {
            setQuery("");
            onPick(product, null);
          }}
        />
      ) : query.trim().length >= 2 && fetcher.state === "idle" && found && !pickOnArrival.current ? (
        <p className="text-sm text-slate-600">Nenhum produto encontrado.</p>
      ) : null}
    </div>
  );
}

function FoundProducts({ products, onChoose }: { products: CounterProduct[]; onChoose: (product: CounterProduct) => void }) {
  const mediaUrl = useMediaUrl();
  return (
    <ul aria-label="Produtos encontrados" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {products.map((product) => (
        <li key={product.id}>
          <button
            type="button"
            onClick={() => onChoose(product)}
            className="flex w-full items-center gap-3 px-3 py-2 text-left"
          >
            {product.image ? (
              <img src={imageUrl(product.image, product.image.widths[0] ?? 320, mediaUrl)} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" />
            ) : (
              <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded bg-slate-100" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{product.name}</span>
              <span className="block text-sm text-slate-600">
                {product.priceCents === null ? "Preço a consultar" : formatBRL(product.priceCents)} · {product.variants.reduce((sum, variant) => sum + variant.stock, 0)} na loja
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
