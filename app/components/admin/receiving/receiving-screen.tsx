import { useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { variantLabel } from "~/lib/catalog/variants";
import type { CounterProduct } from "~/lib/counter/counter-sale";
import { formatCnpj, formatChaveAcesso } from "~/lib/fiscal/identifiers";
import type { ActionResult } from "~/lib/forms/action-result";
import { formatBRL } from "~/lib/format/money";
import { formatShopDate, formatShopDateTime } from "~/lib/format/shop-time";
import { formatNoteNumber, isBoxUnit, NOTE_UPLOAD_MAX_BYTES, unitCostCents, unitsOf, type ReceivingItem, type ReceivingPreview } from "~/lib/receiving/supplier-notes";
import { ProductFinder } from "../counter/product-finder";

type Store = { id: number; name: string };

type ReceivedNote = {
  id: number;
  number: number;
  supplierName: string;
  receivedAt: string;
  receivedByName: string;
  partial: boolean;
  lines: {
    item: number;
    description: string;
    unitsExpected: number;
    unitsReceived: number;
    unitCostCents: number;
    productName: string | null;
    variant: string | null;
    priceCents: number | null;
  }[];
};

type ReadResult = ActionResult<{ previews: ReceivingPreview[]; refusals: { fileName: string; message: string }[] }>;

/**
 * /admin/entradas: the clerk uploads the supplier's NF-e XML (or a ZIP of several), checks each item's
 * size × colour (found by EAN or learnt from this supplier, else picked here), and taps "Dar entrada".
 */
export function ReceivingScreen({ stores, received, result }: { stores: Store[]; received: ReceivedNote | null; result: ReadResult | undefined }) {
  const navigation = useNavigation();
  const reading = navigation.state !== "idle" && navigation.formData?.get("intent") === "read";
  const refusals = result?.data?.refusals ?? [];
  const previews = result?.ok ? (result.data?.previews ?? []) : [];
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-black">Entradas de mercadoria</h1>
      {received ? <ReceivedSummary note={received} /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
        <label className="block">
          <span className="block font-semibold">XML da nota do fornecedor</span>
          <span className="block text-sm text-slate-600">O XML (nfeProc) que o fornecedor mandou, ou um ZIP com vários; até {NOTE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.</span>
          <input type="file" name="files" multiple accept=".xml,.zip,application/xml,text/xml,application/zip" className="mt-2 block w-full text-base" />
        </label>
        <button type="submit" name="intent" value="read" disabled={reading} className="w-full rounded-lg bg-slate-900 px-4 py-3 text-lg font-bold text-white disabled:opacity-60">
          {reading ? "Lendo…" : "Ler nota"}
        </button>
      </Form>
      {refusals.length > 0 || (result && !result.ok && !result.data) ? (
        <div role="alert" className="space-y-1 rounded-lg bg-red-50 p-3 text-red-800">
          {refusals.length > 0 ? (
            refusals.map((refusal) => (
              <p key={refusal.fileName + refusal.message}>
                <span className="font-semibold">{refusal.fileName}:</span> {refusal.message}
              </p>
            ))
          ) : (
            <p>{result && !result.ok ? result.errors.form : null}</p>
          )}
        </div>
      ) : null}
      {previews.map((preview) => (
        <NoteForm key={preview.note.chave} preview={preview} stores={stores} />
      ))}
    </div>
  );
}

function ReceivedSummary({ note }: { note: ReceivedNote }) {
  const units = note.lines.reduce((sum, line) => sum + line.unitsReceived, 0);
  const missing = note.lines.reduce((sum, line) => sum + line.unitsExpected - line.unitsReceived, 0);
  return (
    <section role="status" aria-label="Entrada lançada" className="space-y-2 rounded-lg bg-emerald-50 p-3 text-emerald-950">
      <p className="font-semibold">
        Entrada da nota {formatNoteNumber(note.number)} de {note.supplierName}: {units} {units === 1 ? "unidade" : "unidades"}.
        {missing > 0 ? ` Faltaram ${missing} (registrado).` : ""}
      </p>
      <p className="text-sm">
        Lançada em {formatShopDateTime(note.receivedAt)} por {note.receivedByName}.
      </p>
      <ul className="divide-y divide-emerald-200 text-sm">
        {note.lines.map((line) => (
          <li key={line.item} className="py-1">
            <span className="block font-medium">{line.productName ? `${line.productName}${line.variant ? ` – ${line.variant}` : ""}` : line.description}</span>
            <span className="block">
              {line.unitsReceived} de {line.unitsExpected} · custo {formatBRL(line.unitCostCents)}
              {line.priceCents !== null && line.priceCents > 0 ? ` · preço ${formatBRL(line.priceCents)} · margem ${Math.round(((line.priceCents - line.unitCostCents) / line.priceCents) * 100)}%` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One note read: its header, each item with its match, and "Dar entrada". */
function NoteForm({ preview, stores }: { preview: ReceivingPreview; stores: Store[] }) {
  const fetcher = useFetcher<ActionResult>();
  const { note } = preview;
  const recipient = preview.storeId === null ? null : stores.find((store) => store.id === preview.storeId);
  const [partial, setPartial] = useState(false);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors.form : null;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={`Nota ${formatNoteNumber(note.number)}`}>
      <input type="hidden" name="intent" value="receive" />
      <input type="hidden" name="xml" value={preview.xml} />
      <header className="space-y-1">
        <h2 className="text-lg font-bold">
          Nota {formatNoteNumber(note.number)} · série {note.series}
        </h2>
        <p className="text-sm">
          {note.supplierName} · CNPJ {formatCnpj(note.supplierCnpj)} · emitida em {formatShopDate(note.issuedAt)} · {formatBRL(note.goodsCents)}
        </p>
        <p className="break-all text-xs text-slate-600">Chave {formatChaveAcesso(note.chave)}</p>
      </header>
      {recipient ? (
        <p className="text-sm">
          Loja que recebe: <strong>{recipient.name}</strong> (CNPJ da nota)
          <input type="hidden" name="storeId" value={recipient.id} />
        </p>
      ) : (
        <label className="block text-sm">
          <span className="font-semibold">Loja que recebe</span>
          {note.recipientCnpj ? <span className="block text-slate-600">O CNPJ do destinatário ({formatCnpj(note.recipientCnpj)}) não é de nenhuma loja cadastrada.</span> : null}
          <select name="storeId" required defaultValue={stores.length === 1 ? stores[0]!.id : ""} className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base">
            {stores.length === 1 ? null : <option value="">Escolha a loja</option>}
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="space-y-3">
        {preview.items.map((item) => (
          <ItemRow key={item.item} item={item} storeId={preview.storeId} partial={partial} />
        ))}
      </ul>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="partial" checked={partial} onChange={(event) => setPartial(event.target.checked)} className="h-5 w-5" />
        Entrada parcial (faltou mercadoria: digite o que chegou)
      </label>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={fetcher.state !== "idle"} className="w-full rounded-lg bg-emerald-700 px-4 py-3 text-lg font-bold text-white disabled:opacity-60">
        {fetcher.state !== "idle" ? "Lançando…" : "Dar entrada"}
      </button>
    </fetcher.Form>
  );
}

const MATCH_LABELS = { ean: "pelo EAN", learnt: "já usado com este fornecedor" } as const;

function ItemRow({ item, storeId, partial }: { item: ReceivingItem; storeId: number | null; partial: boolean }) {
  const [picked, setPicked] = useState<CounterProduct | null>(null);
  const [variantId, setVariantId] = useState<string>(item.match ? String(item.match.variantId) : "");
  const [changing, setChanging] = useState(false);
  const box = isBoxUnit(item.unit);
  const [unitsPerBox, setUnitsPerBox] = useState(item.unitsPerBox === null ? "" : String(item.unitsPerBox));
  const expected = unitsOf(item.quantity, box ? Number(unitsPerBox) || 0 : 1);
  const cost = expected ? unitCostCents(item.totalCents, expected) : null;
  const sure = item.match && !changing;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-2">
      <input type="hidden" name={`variant_${item.item}`} value={variantId} />
      <p className="font-semibold">{item.description}</p>
      <p className="text-xs text-slate-600">
        Código {item.supplierCode || "—"} · EAN {item.ean || "sem GTIN"} · NCM {item.ncm || "—"} · CFOP {item.cfop || "—"}
      </p>
      <p className="text-sm">
        {item.quantity.replace(/\.?0+$/, "")} {item.unit} · {formatBRL(item.totalCents)}
        {expected ? ` · ${expected} ${expected === 1 ? "unidade" : "unidades"}` : ""}
        {cost !== null ? ` · custo ${formatBRL(cost)} a unidade` : ""}
      </p>
      {box ? (
        <label className="flex items-center gap-2 text-sm">
          Unidades por {item.unit}
          <input
            name={`box_${item.item}`}
            value={unitsPerBox}
            onChange={(event) => setUnitsPerBox(event.target.value)}
            inputMode="numeric"
            pattern="[0-9]*"
            required
            className="h-10 w-20 rounded-lg border border-slate-300 text-center"
          />
        </label>
      ) : null}
      {sure ? (
        <p className="text-sm text-emerald-800">
          ✓ {item.match!.productName} – {variantLabel(item.match!) || "único"} ({MATCH_LABELS[item.match!.source]}){" "}
          <button type="button" onClick={() => setChanging(true)} className="font-semibold underline">
            Trocar
          </button>
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm font-semibold text-amber-800">Escolha o produto, o tamanho e a cor deste item.</p>
          <ProductFinder
            storeId={storeId}
            onPick={(product, scanned) => {
              setPicked(product);
              setVariantId(scanned ? String(scanned) : "");
            }}
          />
          {picked ? <PickedVariantSelect product={picked} itemDescription={item.description} value={variantId} onChange={setVariantId} /> : null}
        </div>
      )}
      {partial ? (
        <label className="flex items-center gap-2 text-sm">
          Chegaram
          <input
            name={`received_${item.item}`}
            defaultValue={expected ?? ""}
            inputMode="numeric"
            pattern="[0-9]*"
            className="h-10 w-20 rounded-lg border border-slate-300 text-center"
          />
          unidades
        </label>
      ) : null}
    </li>
  );
}

function PickedVariantSelect({ product, itemDescription, value, onChange }: { product: CounterProduct; itemDescription: string; value: string; onChange: (variantId: string) => void }) {
  return (
    <label className="block text-sm">
      <span className="font-semibold">{product.name}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`Tamanho e cor de ${itemDescription}`}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
      >
        <option value="">Escolha o tamanho e a cor</option>
        {product.variants.map((variant) => (
          <option key={variant.id} value={variant.id}>
            {variantLabel(variant) || "Único"}
          </option>
        ))}
      </select>
    </label>
  );
}
