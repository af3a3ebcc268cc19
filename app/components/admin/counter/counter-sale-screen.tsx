import { useCallback, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { variantLabel } from "~/lib/catalog/variants";
import { addToBasket, basketOrderLines, basketTotalCents, removeFromBasket, unitsInBasket, type BasketLine } from "~/lib/counter/counter-basket";
import { changeCents, COUNTER_PAYMENT_METHODS, STOCK_COUNT_PATH, type CounterPaymentMethod, type CounterProduct } from "~/lib/counter/counter-sale";
import type { ActionResult } from "~/lib/forms/action-result";
import { parseBRL } from "~/lib/forms/price-input";
import { formatBRL } from "~/lib/format/money";
import { ProductFinder } from "./product-finder";
import { StoreSelect, useRememberedStore } from "./remembered-store";
import { DiscountAndCpfFields, InstallmentsField } from "./sale-terms-fields";

type Store = { id: number; name: string };

/** The two axes of a product's variants, in the product's order ('' when it has none). */
function axes(product: CounterProduct) {
  const sizes = [...new Set(product.variants.map((variant) => variant.size))].filter(Boolean);
  const colors = [...new Set(product.variants.map((variant) => variant.color))].filter(Boolean);
  return { sizes, colors };
}

function Choice({ label, selected, disabled, onClick, note }: { label: string; selected: boolean; disabled?: boolean; onClick: () => void; note?: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onClick}
      className={`min-w-12 rounded-lg border px-3 py-2 text-base font-semibold ${
        selected ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-900"
      } disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-400 disabled:line-through`}
    >
      {label}
      {note ? <span className="block text-xs font-normal">{note}</span> : null}
    </button>
  );
}

/** The product being added: its size, colour and quantity, checked against the store's shelf less what the basket already has. */
function ItemEditor({ product, initial, basket, onAdd, onCancel }: {
  product: CounterProduct;
  initial: { size: string; color: string };
  basket: readonly BasketLine[];
  onAdd: (line: BasketLine) => void;
  onCancel: () => void;
}) {
  const [size, setSize] = useState(initial.size);
  const [color, setColor] = useState(initial.color);
  const [quantity, setQuantity] = useState(1);
  const { sizes, colors } = axes(product);
  const stockOf = (s: string, c: string) => product.variants.find((variant) => variant.size === s && variant.color === c)?.stock ?? 0;
  const chosen = product.variants.find((variant) => variant.size === size && variant.color === color) ?? null;
  const left = chosen ? chosen.stock - unitsInBasket(basket, chosen.id) : 0;
  const addable = chosen !== null && product.priceCents !== null && left >= quantity;

  return (
    <section aria-label="Produto" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-bold">{product.name}</h2>
          <p className="text-sm text-slate-600">{product.priceCents === null ? "Preço a consultar: cadastre o preço antes de vender" : formatBRL(product.priceCents)}</p>
        </div>
        <button type="button" onClick={onCancel} className="text-sm font-semibold text-slate-700 underline">
          Cancelar
        </button>
      </div>
      {sizes.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Tamanho</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {sizes.map((option) => {
              const units = colors.length && color ? stockOf(option, color) : product.variants.filter((v) => v.size === option).reduce((sum, v) => sum + v.stock, 0);
              return <Choice key={option} label={option} note={`${units} un.`} selected={size === option} disabled={units === 0} onClick={() => setSize(option)} />;
            })}
          </div>
        </fieldset>
      ) : null}
      {colors.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Cor</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {colors.map((option) => {
              const units = sizes.length && size ? stockOf(size, option) : product.variants.filter((v) => v.color === option).reduce((sum, v) => sum + v.stock, 0);
              return <Choice key={option} label={option} note={`${units} un.`} selected={color === option} disabled={units === 0} onClick={() => setColor(option)} />;
            })}
          </div>
        </fieldset>
      ) : null}
      <QuantityStepper quantity={quantity} onQuantityChange={setQuantity} />
      {chosen ? (
        <p className={`text-sm ${left < quantity ? "font-semibold text-red-700" : "text-slate-600"}`}>
          {left < quantity ? `Só ${Math.max(0, left)} nesta loja${left < chosen.stock ? " além dos que já estão na venda" : ""}.` : `${chosen.stock} nesta loja.`}
        </p>
      ) : null}
      <button
        type="button"
        disabled={!addable}
        onClick={() => chosen && onAdd({ variantId: chosen.id, product: { id: product.id, name: product.name, priceCents: product.priceCents }, size, color, quantity })}
        className="w-full rounded-lg bg-slate-900 px-4 py-3 text-base font-bold text-white disabled:bg-slate-300 disabled:text-slate-600"
      >
        Adicionar à venda
      </button>
    </section>
  );
}

/** The sale's items: each with its units and amount, removable. */
function BasketList({ basket, onRemove }: { basket: readonly BasketLine[]; onRemove: (variantId: number) => void }) {
  return (
    <section aria-label="Itens da venda" className="rounded-lg border border-slate-200 bg-white">
      <h2 className="px-3 pt-2 text-sm font-semibold">
        Itens da venda ({basket.reduce((sum, item) => sum + item.quantity, 0)})
      </h2>
      <ul className="divide-y divide-slate-200">
        {basket.map((item) => {
          const label = variantLabel({ size: item.size || null, color: item.color || null });
          const name = `${item.product.name}${label ? ` (${label})` : ""}`;
          return (
            <li key={item.variantId} className="flex items-center gap-2 px-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{name}</span>
                <span className="block text-sm text-slate-600">
                  {item.quantity} × {formatBRL(item.product.priceCents ?? 0)} = <strong>{formatBRL((item.product.priceCents ?? 0) * item.quantity)}</strong>
                </span>
              </span>
              <button type="button" onClick={() => onRemove(item.variantId)} aria-label={`Remover ${name}`} className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-semibold">
                Remover
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The sale's store and basket, and the product being added: a pick from the finder either goes
 * straight into the basket (a scanned size and colour in stock) or opens the item editor.
 */
function useCounterBasket(stores: Store[]) {
  const [storeId, chooseStore] = useRememberedStore(stores);
  const [editing, setEditing] = useState<{ product: CounterProduct; size: string; color: string; key: number } | null>(null);
  const [basket, setBasket] = useState<BasketLine[]>([]);
  /** What a scan just did to the list, said aloud for a clerk looking at the box, not the screen. */
  const [notice, setNotice] = useState("");

  const pick = useCallback((picked: CounterProduct, variantId: number | null) => {
    const { sizes, colors } = axes(picked);
    const named = picked.variants.find((variant) => variant.id === variantId);
    setNotice("");
    // A scanned barcode names its size and colour: in stock, it goes straight into the sale.
    if (named && named.stock > 0 && picked.priceCents !== null) {
      const label = variantLabel({ size: named.size || null, color: named.color || null });
      const name = `${picked.name}${label ? ` (${label})` : ""}`;
      if (unitsInBasket(basket, named.id) >= named.stock) setNotice(`Não há mais unidades de ${name} nesta loja.`);
      else {
        setNotice(`Adicionado: ${name}.`);
        setBasket(addToBasket(basket, { variantId: named.id, product: { id: picked.id, name: picked.name, priceCents: picked.priceCents }, size: named.size, color: named.color, quantity: 1 }));
      }
      setEditing(null);
      return;
    }
    const inStock = picked.variants.filter((variant) => variant.stock > 0);
    // A product with one choice left has it chosen.
    setEditing((current) => ({
      product: picked,
      key: (current?.key ?? 0) + 1,
      size: named?.size ?? (sizes.length === 1 ? sizes[0]! : new Set(inStock.map((v) => v.size)).size === 1 ? (inStock[0]?.size ?? "") : ""),
      color: named?.color ?? (colors.length === 1 ? colors[0]! : new Set(inStock.map((v) => v.color)).size === 1 ? (inStock[0]?.color ?? "") : ""),
    }));
  }, [basket]);

  // Units are per store: a basket made at one store is not sold at another.
  function changeStore(id: number | null) {
    chooseStore(id);
    setBasket([]);
    setEditing(null);
    setNotice("");
  }

  return { storeId, changeStore, editing, setEditing, basket, setBasket, notice, pick };
}

/**
 * /admin/balcao on a phone held in one hand: the store, then item by item (camera or name; size,
 * colour, quantity; added to the sale), payment and done: one order, one payment, one receipt. The
 * total and the sale's button stay under the thumb at the bottom of the screen.
 */
export function CounterSaleScreen({ stores, saleKey, result, maxInstallments = 1 }: {
  stores: Store[];
  saleKey: string;
  result: ActionResult | undefined;
  /** Crédito's most instalments (the settings'). */
  maxInstallments?: number;
}) {
  const { storeId, changeStore, editing, setEditing, basket, setBasket, notice, pick } = useCounterBasket(stores);
  const [payment, setPayment] = useState<CounterPaymentMethod | null>(null);
  const [received, setReceived] = useState("");
  const [discount, setDiscount] = useState("");
  const [installments, setInstallments] = useState(1);
  const sending = useNavigation().state === "submitting";

  const itemsCents = basketTotalCents(basket);
  // The clerk's discount as typed; the server checks it again (less than the items' sum).
  const discountCents = Math.min(parseBRL(discount) ?? 0, itemsCents);
  const totalCents = itemsCents - discountCents;
  const receivedCents = parseBRL(received);
  const change = changeCents(totalCents, receivedCents);
  const errors = result && !result.ok ? result.errors : {};
  const ready = storeId !== null && basket.length > 0 && payment !== null && (payment !== "cash" || change !== null);

  return (
    <div className="mx-auto max-w-md space-y-4 pb-28">
      <div className="flex items-baseline justify-between gap-2">
        <h1 className="text-2xl font-black">Balcão</h1>
        <Link to={storeId ? `${STOCK_COUNT_PATH}?loja=${storeId}` : STOCK_COUNT_PATH} className="text-sm font-semibold text-slate-700 underline">
          Balanço da loja
        </Link>
      </div>
      <StoreSelect stores={stores} storeId={storeId} onChange={changeStore} />
      <ProductFinder storeId={storeId} onPick={pick} />
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {notice}
      </p>
      {editing ? (
        <ItemEditor
          key={editing.key}
          product={editing.product}
          initial={editing}
          basket={basket}
          onCancel={() => setEditing(null)}
          onAdd={(line) => {
            setBasket((current) => addToBasket(current, line));
            setEditing(null);
          }}
        />
      ) : null}

      <Form method="post" className="space-y-4" aria-label="Venda no balcão">
        <input type="hidden" name="saleKey" value={saleKey} />
        <input type="hidden" name="storeId" value={storeId ?? ""} />
        <input type="hidden" name="lines" value={JSON.stringify(basketOrderLines(basket))} />
        {basket.length > 0 ? <BasketList basket={basket} onRemove={(variantId) => setBasket((current) => removeFromBasket(current, variantId))} /> : null}

        {basket.length > 0 ? (
          <PaymentFields
            payment={payment}
            onPaymentChange={setPayment}
            received={received}
            onReceivedChange={setReceived}
            change={change}
            totalCents={totalCents}
            maxInstallments={maxInstallments}
            installments={installments}
            onInstallmentsChange={setInstallments}
            errors={errors}
          />
        ) : null}

        {basket.length > 0 ? <DiscountAndCpfFields discount={discount} onDiscountChange={setDiscount} errors={errors} /> : null}

        <SaleFormError errors={errors} />

        {/* Under the thumb: the total and the one button, fixed at the bottom of the phone's screen. */}
        <SaleTotalBar totalCents={basket.length === 0 ? null : totalCents} disabled={!ready || sending} sending={sending} />
      </Form>
    </div>
  );
}

function SaleTotalBar({ totalCents, disabled, sending }: { totalCents: number | null; disabled: boolean; sending: boolean }) {
  return (
    <div className="fixed inset-x-0 bottom-0 border-t border-slate-200 bg-white p-3 shadow-lg lg:static lg:border-0 lg:p-0 lg:shadow-none">
      <div className="mx-auto flex max-w-md items-center gap-3">
        <p className="min-w-0 flex-1 text-lg">
          Total <strong className="block text-2xl">{totalCents === null ? "—" : formatBRL(totalCents)}</strong>
        </p>
        <button type="submit" disabled={disabled} className="rounded-lg bg-emerald-700 px-5 py-3 text-lg font-bold text-white disabled:bg-slate-300 disabled:text-slate-600">
          {sending ? "Registrando…" : "Concluir venda"}
        </button>
      </div>
    </div>
  );
}

/** The whole sale's refusal, or one about no field shown (the fields show their own). */
function SaleFormError({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    errors.form ? (
      <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {errors.form}
      </p>
    ) : Object.keys(errors).length > 0 && !errors.received && !errors.discount && !errors.cpf && !errors.installments ? (
      <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {Object.values(errors)[0]}
      </p>
    ) : null
  );
}

/** How the customer pays: the method, the cash received and its change, Crédito's instalments. */
function PaymentFields({ payment, onPaymentChange, received, onReceivedChange, change, totalCents, maxInstallments, installments, onInstallmentsChange, errors }: {
  payment: CounterPaymentMethod | null;
  onPaymentChange: (method: CounterPaymentMethod) => void;
  received: string;
  onReceivedChange: (value: string) => void;
  change: number | null;
  totalCents: number;
  maxInstallments: number;
  installments: number;
  onInstallmentsChange: (value: number) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold">Pagamento</legend>
      <input type="hidden" name="payment" value={payment ?? ""} />
      <div className="grid grid-cols-2 gap-2">
        {COUNTER_PAYMENT_METHODS.map((method) => (
          <Choice key={method.value} label={method.label} selected={payment === method.value} onClick={() => onPaymentChange(method.value)} />
        ))}
      </div>
      {payment === "cash" ? (
        <div className="space-y-2">
          <label className="block text-sm font-semibold">
            Valor recebido (R$)
            <input
              name="received"
              value={received}
              onChange={(event) => onReceivedChange(event.target.value)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              aria-invalid={errors.received ? true : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5 text-lg"
            />
          </label>
          {errors.received ? <p className="text-sm font-medium text-red-700">{errors.received}</p> : null}
          <p className="text-lg" aria-live="polite">
            {change !== null ? (
              <>
                Troco: <strong>{formatBRL(change)}</strong>
              </>
            ) : received.trim() ? (
              <span className="text-red-700">Valor menor que o total.</span>
            ) : null}
          </p>
        </div>
      ) : null}
      {payment === "credit" && maxInstallments > 1 ? (
        <InstallmentsField totalCents={totalCents} maxInstallments={maxInstallments} value={installments} onChange={onInstallmentsChange} error={errors.installments} />
      ) : null}
    </fieldset>
  );
}

function QuantityStepper({ quantity, onQuantityChange }: { quantity: number; onQuantityChange: React.Dispatch<React.SetStateAction<number>> }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-semibold" id="quantidade-rotulo">
        Quantidade
      </span>
      <div className="flex items-center gap-2" role="group" aria-labelledby="quantidade-rotulo">
        <button type="button" aria-label="Menos um" onClick={() => onQuantityChange((value) => Math.max(1, value - 1))} className="h-11 w-11 rounded-lg border border-slate-300 bg-white text-xl font-bold">
          −
        </button>
        <input
          value={quantity}
          onChange={(event) => onQuantityChange(Math.max(1, Math.min(99, Number(event.target.value.replace(/\D/g, "")) || 1)))}
          inputMode="numeric"
          aria-label="Quantidade"
          className="h-11 w-14 rounded-lg border border-slate-300 text-center text-lg"
        />
        <button type="button" aria-label="Mais um" onClick={() => onQuantityChange((value) => Math.min(99, value + 1))} className="h-11 w-11 rounded-lg border border-slate-300 bg-white text-xl font-bold">
          +
        </button>
      </div>
    </div>
  );
}
