import { useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { CATEGORIES } from "~/lib/catalog/categories";
import { couponDiscountText, couponFormSchema, couponFormValues, type AdminCoupon } from "~/lib/coupons/coupon.schema";
import { COUPON_KIND_LABELS, COUPON_KINDS, couponLink, couponShareText, formatCouponDay, type CouponKind } from "~/lib/coupons/coupons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ProductPicker } from "~/components/admin/products/product-picker";
import type { PickableProduct } from "~/lib/catalog/product-picker";
import type { ActionResult } from "~/lib/forms/action-result";
import { formLimits } from "~/lib/forms/form-limits";
import { formatBRL } from "~/lib/format/money";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { SaveOrCancel } from "~/components/admin/save-or-cancel";

type Shop = { id: number; name: string };

/** An amount the form starts with; none (or zero: no minimum) leaves the field empty. */
const amountInput = (cents: number | null | undefined) => (cents ? decimalCommaPrice(cents) : "");

function windowText(coupon: AdminCoupon): string {
  if (coupon.validFrom && coupon.validUntil) return `${formatCouponDay(coupon.validFrom)} a ${formatCouponDay(coupon.validUntil)}`;
  if (coupon.validUntil) return `até ${formatCouponDay(coupon.validUntil)}`;
  if (coupon.validFrom) return `a partir de ${formatCouponDay(coupon.validFrom)}`;
  return "sem prazo";
}

/** /admin/cupons: the list with what each coupon did, its CSV, and the form to create or edit one. */
export function CouponsPanel({
  coupons,
  shops,
  products,
  origin,
  result,
}: {
  coupons: AdminCoupon[];
  shops: Shop[];
  /** The products the coupons are limited to, named. */
  products: PickableProduct[];
  origin: string;
  result?: ActionResult;
}) {
  const [searchParams] = useSearchParams();
  const saved = searchParams.get("salvo");
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [formKey, setFormKey] = useState(0);
  // A save lands here again (?salvo=…, a new location): the form starts over, empty, instead of
  // keeping the saved code in its fields. A refused save stays on the same location, fields as typed.
  const { key: locationKey } = useLocation();
  const [formLocation, setFormLocation] = useState(locationKey);
  if (formLocation !== locationKey) {
    setFormLocation(locationKey);
    if (saved) {
      setEditing(null);
      setFormKey((key) => key + 1);
    }
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Cupons</h1>
        <a href="/admin/cupons/exportar.csv" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold" download>
          Exportar CSV
        </a>
      </div>
      {saved ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          Cupom {saved} salvo.
        </p>
      ) : null}

      {coupons.length === 0 ? (
        <p className="text-slate-600">Nenhum cupom ainda. Crie o primeiro abaixo.</p>
      ) : (
        // Cards, not a table: on the clerk's phone every figure and action is on the screen.
        <ul className="grid gap-3 md:grid-cols-2">
          {coupons.map((coupon) => (
            <CouponCard
              key={coupon.id}
              coupon={coupon}
              origin={origin}
              onEdit={() => {
                setEditing(coupon);
                setFormKey((key) => key + 1);
              }}
            />
          ))}
        </ul>
      )}

      <CouponForm key={formKey} coupon={editing} shops={shops} products={products} result={result} onCancel={() => {
        setEditing(null);
        setFormKey((key) => key + 1);
      }} />
    </div>
  );
}

/** One coupon: what it gives, when, what it did, its link to copy or share on WhatsApp, and its actions. */
function CouponCard({ coupon, origin, onEdit }: { coupon: AdminCoupon; origin: string; onEdit: () => void }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const link = couponLink(origin, coupon.code);
  const discount = couponDiscountText(coupon);
  const linkId = `cupom-link-${coupon.id}`;
  const figures: [string, string][] = [
    ["Validade", windowText(coupon)],
    ["Usos", `${coupon.uses}${coupon.maxUses ? ` de ${coupon.maxUses}` : ""}`],
    ["Desconto dado", formatBRL(coupon.discountCents)],
    ["Vendas", formatBRL(coupon.salesCents)],
  ];
  const action = "rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50";
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4" data-testid="coupon-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-lg font-bold wrap-anywhere">{coupon.code}</p>
          {coupon.description ? <p className="text-sm text-slate-600 wrap-anywhere">{coupon.description}</p> : null}
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${coupon.active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-700"}`}>
          {coupon.active ? "Ativo" : "Pausado"}
        </span>
      </div>
      <p className="mt-1 font-semibold">{discount}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <label htmlFor={linkId} className="mt-3 block text-sm font-semibold text-slate-800">
        Link do cupom
      </label>
      <input
        id={linkId}
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {hydrated ? (
          <button
            type="button"
            className={action}
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? "Link copiado" : "Copiar link"}
          </button>
        ) : null}
        <a
          href={`https://wa.me/?text=${encodeURIComponent(couponShareText(coupon.code, discount, link))}`}
          target="_blank"
          rel="noopener noreferrer"
          className={action}
        >
          Enviar no WhatsApp
        </a>
        <button type="button" className={action} onClick={onEdit}>
          Editar <span className="sr-only">{coupon.code}</span>
        </button>
        <Form method="post">
          <input type="hidden" name="id" value={coupon.id} />
          <button type="submit" name="intent" value={coupon.active ? "pause" : "resume"} className={action}>
            {coupon.active ? "Pausar" : "Reativar"} <span className="sr-only">{coupon.code}</span>
          </button>
        </Form>
      </div>
      <p role="status" className="sr-only">
        {copied ? `Link do cupom ${coupon.code} copiado` : ""}
      </p>
    </li>
  );
}

function CouponForm({
  coupon,
  shops,
  products,
  result,
  onCancel,
}: {
  coupon: AdminCoupon | null;
  shops: Shop[];
  products: PickableProduct[];
  result?: ActionResult;
  onCancel: () => void;
}) {
  const form = useForm({ schema: couponFormSchema, limits: formLimits(couponFormSchema), result, read: couponFormValues });
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? "percent");

  return (
    <Form method="post" {...form.props} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 p-5">
      <h2 className="text-lg font-bold">{coupon ? `Editar cupom ${coupon.code}` : "Novo cupom"}</h2>
      {form.errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {form.errors.form}
        </p>
      ) : null}
      {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
      <Field label="Código" {...form.field("code")} defaultValue={coupon?.code} hint="Letras e números; o cliente pode digitar em minúsculas." />
      <TextareaField label="Descrição (opcional)" {...form.field("description")} defaultValue={coupon?.description} rows={2} />
      <SelectField
        label="Tipo de desconto"
        {...form.field("kind")}
        emptyOption={null}
        options={COUPON_KINDS.map((value) => ({ value, label: COUPON_KIND_LABELS[value] }))}
        defaultValue={kind}
        onChange={(event) => setKind(event.target.value as CouponKind)}
      />
      {kind === "percent" ? <Field label="Porcentagem (%)" inputMode="numeric" {...form.field("percentOff")} defaultValue={coupon?.percentOff ?? ""} /> : null}
      {kind === "fixed" ? <Field label="Valor do desconto (R$)" inputMode="decimal" {...form.field("amountOff")} defaultValue={amountInput(coupon?.amountOffCents)} /> : null}
      {kind !== "free_delivery" ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="freeDelivery" defaultChecked={coupon?.freeDelivery} />
          Também dá entrega grátis
        </label>
      ) : null}
      <Field label="Compra mínima (R$, opcional)" inputMode="decimal" {...form.field("minSubtotal")} defaultValue={amountInput(coupon?.minSubtotalCents)} />
      <ShopAndCategoryChecks shops={shops} coupon={coupon} />
      <ProductPicker
        label="Só nos produtos (opcional)"
        name="productIds"
        multiple
        initial={products.filter((product) => coupon?.productIds.includes(product.id))}
        hint="Digite parte do nome (ou o código) e escolha na lista; nenhum: todos os produtos."
        error={form.errors.productIds}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Válido a partir de" type="date" {...form.field("validFrom")} defaultValue={coupon?.validFrom ?? ""} />
        <Field label="Válido até (inclusive)" type="date" {...form.field("validUntil")} defaultValue={coupon?.validUntil ?? ""} hint="Até 23:59:59 desse dia, no horário de Recife." />
        <Field label="Limite de usos (opcional)" inputMode="numeric" {...form.field("maxUses")} defaultValue={coupon?.maxUses ?? ""} />
        <Field label="Usos por cliente (opcional)" inputMode="numeric" {...form.field("maxUsesPerShopper")} defaultValue={coupon?.maxUsesPerShopper ?? ""} hint="Pelo telefone e pela conta." />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="firstPurchaseOnly" defaultChecked={coupon?.firstPurchaseOnly} />
        Só na primeira compra
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={coupon?.active ?? true} />
        Ativo
      </label>
      <SaveOrCancel intent="save" label="Salvar cupom" onCancel={coupon ? onCancel : undefined} />
    </Form>
  );
}

/** Which shops and categories the coupon is limited to (none checked: all). */
function ShopAndCategoryChecks({ shops, coupon }: { shops: Shop[]; coupon: AdminCoupon | null }) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold">Só nas lojas (nenhuma marcada: todas)</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {shops.map((shop) => (
            <label key={shop.id} className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="shopIds" value={shop.id} defaultChecked={coupon?.shopIds.includes(shop.id)} />
              {shop.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold">Só nas categorias (nenhuma marcada: todas)</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {CATEGORIES.map((category) => (
            <label key={category} className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="categories" value={category} defaultChecked={coupon?.categories.includes(category)} />
              {category}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
