import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { useCart } from "~/components/cart/cart-store";
import { useStorefront } from "~/components/layout/use-storefront";
import { ProductImage } from "~/components/product/product-image";
import { Field } from "~/components/ui/field";
import { WhatsAppIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { orderLinesJson } from "~/lib/cart";
import { BRAZILIAN_STATES, checkoutSchema } from "~/lib/checkout.schema";
import { deliveryFeeCents, type DeliveryMethod } from "~/lib/delivery";
import { maskCep, maskCpf, maskPhone } from "~/lib/documents";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import { formatBRL, instalmentCents } from "~/lib/money";
import { deliveryFeeLabel } from "~/lib/order-message";
import { PAYMENT_METHODS } from "~/lib/settings";
import { CONSULT_NOTE } from "~/lib/whatsapp";
import { releaseWhatsAppTab, reserveWhatsAppTab } from "./whatsapp-handoff";

const MASKS: Record<string, (value: string) => string> = { cpf: maskCpf, cep: maskCep, phone: maskPhone };

/** A signed-in shopper's details; `offerToSavePhone` when the account has no phone yet. */
export type CheckoutPrefill = { name: string; email: string; phone: string; address: string; offerToSavePhone: boolean } | null;

/** The checkbox's field: a phone typed here is kept on the account, so the next checkout has it. */
export const SAVE_PHONE_FIELD = "salvarTelefone";

export function CheckoutForm({
  idempotencyKey,
  prefill,
  serverErrors,
  serverFormError,
}: {
  idempotencyKey: string;
  prefill: CheckoutPrefill;
  serverErrors?: FieldErrors;
  serverFormError: string | null;
}) {
  const { settings, locations } = useStorefront();
  const { cart, totals } = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>("delivery");
  const [city, setCity] = useState("");
  const [paymentMethod, setPaymentMethod] = useState("credit");
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  const enabledPayments = PAYMENT_METHODS.filter((method) => settings.paymentMethods[method.key]);
  const fee = deliveryFeeCents(settings, deliveryMethod, city, totals.totalCents);
  const total = totals.totalCents + (fee ?? 0);
  const maxInstallments = paymentMethod === "credit" || paymentMethod === "store_credit" ? settings.maxInstallments : 1;

  // The spec: an empty cart has nothing to check out.
  useEffect(() => {
    if (hydrated && cart.length === 0 && !submitting) navigate("/carrinho", { replace: true });
  }, [hydrated, cart.length, submitting, navigate]);

  useEffect(() => {
    setErrors(serverErrors ?? {});
    if (serverErrors || serverFormError) releaseWhatsAppTab();
  }, [serverErrors, serverFormError]);

  function clearError(name: string) {
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const mask = MASKS[target.name];
    if (mask) target.value = mask(target.value);
    clearError(target.name);
    if (target.name === "city") setCity(target.value);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, value]) => typeof value === "string"));
    const parsed = checkoutSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = Object.keys(found)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    reserveWhatsAppTab();
    submit(form, { method: "post" });
  }

  if (!hydrated || cart.length === 0) {
    return (
      <div className="container-page py-16 text-center text-slate-600" aria-busy="true">
        Carregando seu pedido…
      </div>
    );
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Finalizar pedido</h1>
      <p className="mt-1 text-sm text-slate-600">
        Preencha seus dados e envie o pedido. Ele fica registrado na loja e abrimos o WhatsApp para você confirmar.
      </p>

      <Form
        ref={formRef}
        method="post"
        noValidate
        onChange={onChange}
        onSubmit={onSubmit}
        className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="lines" value={orderLinesJson(cart)} />

        <div className="space-y-8">
          {serverFormError ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-800">
              {serverFormError}
            </p>
          ) : null}

          <fieldset className="space-y-4">
            <legend className="text-lg font-bold">Dados pessoais</legend>
            <Field label="Nome completo" name="name" autoComplete="name" error={errors.name} maxLength={100} defaultValue={prefill?.name} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} maxLength={254} defaultValue={prefill?.email} />
              <Field label="Telefone / WhatsApp" name="phone" type="tel" autoComplete="tel-national" inputMode="tel" error={errors.phone} placeholder="(81) 99999-9999" defaultValue={prefill?.phone} />
            </div>
            {prefill?.offerToSavePhone ? (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name={SAVE_PHONE_FIELD} defaultChecked className="h-5 w-5 accent-brand-600" />
                Salvar este telefone na minha conta
              </label>
            ) : null}
            <Field label="CPF (opcional)" name="cpf" inputMode="numeric" error={errors.cpf} placeholder="000.000.000-00" hint="Para a nota fiscal." />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-lg font-bold">Entrega</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Choice name="deliveryMethod" value="delivery" checked={deliveryMethod === "delivery"} onChange={() => setDeliveryMethod("delivery")}>
                Entregar no meu endereço
              </Choice>
              <Choice name="deliveryMethod" value="pickup" checked={deliveryMethod === "pickup"} onChange={() => setDeliveryMethod("pickup")}>
                Retirar na loja (grátis)
              </Choice>
            </div>
            {deliveryMethod === "pickup" ? (
              <div>
                <label htmlFor="pickupLocationId" className="block text-sm font-semibold">
                  Loja para retirada
                </label>
                <select
                  id="pickupLocationId"
                  name="pickupLocationId"
                  defaultValue=""
                  aria-invalid={errors.pickupLocationId ? true : undefined}
                  aria-describedby={errors.pickupLocationId ? "pickup-error" : undefined}
                  className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
                >
                  <option value="">Escolha a loja</option>
                  {locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name} — {location.address}
                    </option>
                  ))}
                </select>
                {errors.pickupLocationId ? (
                  <p id="pickup-error" className="mt-1 text-sm font-medium text-red-700">
                    {errors.pickupLocationId}
                  </p>
                ) : null}
              </div>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                  <Field label="CEP (opcional)" name="cep" inputMode="numeric" autoComplete="postal-code" error={errors.cep} placeholder="55560-000" />
                  <Field label="Endereço" name="address" autoComplete="address-line1" error={errors.address} maxLength={200} defaultValue={prefill?.address} />
                </div>
                <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
                  <Field label="Número" name="number" error={errors.number} maxLength={20} />
                  <Field label="Complemento (opcional)" name="complement" autoComplete="address-line2" error={errors.complement} maxLength={100} />
                </div>
                <div className="grid gap-4 sm:grid-cols-[1fr_1fr_6rem]">
                  <Field label="Bairro" name="neighborhood" error={errors.neighborhood} maxLength={100} />
                  <Field label="Cidade" name="city" autoComplete="address-level2" error={errors.city} maxLength={100} list="delivery-cities" />
                  <div>
                    <label htmlFor="state" className="block text-sm font-semibold">
                      Estado
                    </label>
                    <select id="state" name="state" defaultValue="PE" autoComplete="address-level1" className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-2.5">
                      {BRAZILIAN_STATES.map((state) => (
                        <option key={state} value={state}>
                          {state}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <datalist id="delivery-cities">
                  {settings.deliveryCities.map((deliveryCity) => (
                    <option key={deliveryCity} value={deliveryCity} />
                  ))}
                </datalist>
                <p className="text-sm text-slate-600">
                  Entregamos em {settings.deliveryCities.join(", ")} ({settings.deliveryDays}): {formatBRL(settings.deliveryFeeCents)}, grátis
                  acima de {formatBRL(settings.freeShippingMinCents)}. Outras cidades: frete a combinar.
                </p>
              </>
            )}
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-lg font-bold">Pagamento</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {enabledPayments.map((method) => (
                <Choice key={method.value} name="paymentMethod" value={method.value} checked={paymentMethod === method.value} onChange={() => setPaymentMethod(method.value)}>
                  {method.label}
                </Choice>
              ))}
            </div>
            {maxInstallments > 1 ? (
              <div>
                <label htmlFor="installments" className="block text-sm font-semibold">
                  Parcelas
                </label>
                <select id="installments" name="installments" defaultValue="1" className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 sm:w-72">
                  {Array.from({ length: maxInstallments }, (_, index) => index + 1).map((count) => (
                    <option key={count} value={count}>
                      {count}x de {formatBRL(instalmentCents(total, count))} sem juros
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <input type="hidden" name="installments" value="1" />
            )}
            {errors.paymentMethod ? <p className="text-sm font-medium text-red-700">{errors.paymentMethod}</p> : null}
          </fieldset>

          <div>
            <label htmlFor="notes" className="block text-sm font-semibold">
              Observações (opcional)
            </label>
            <textarea id="notes" name="notes" rows={3} maxLength={500} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
          </div>
        </div>

        <aside aria-labelledby="resumo" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-36">
          <h2 id="resumo" className="text-lg font-bold">
            Resumo do pedido
          </h2>
          <ul className="mt-4 divide-y divide-slate-200">
            {cart.map((item) => (
              <li key={item.cartItemId} className="flex gap-3 py-3">
                <ProductImage image={item.image} alt="" sizes="64px" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold">{item.name}</p>
                  <p className="text-slate-600">
                    {[item.size && `Tam. ${item.size}`, item.color, `${item.quantity} un.`].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <p className="text-sm font-semibold">
                  {item.priceCents === null ? "Consultar" : formatBRL(item.priceCents * item.quantity)}
                </p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatBRL(totals.totalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Entrega</dt>
              <dd data-testid="delivery-fee">{deliveryMethod === "delivery" && !city ? "Informe a cidade" : deliveryFeeLabel(fee)}</dd>
            </div>
            <div className="flex justify-between text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="order-total">{formatBRL(total)}</dd>
            </div>
          </dl>
          {totals.hasConsultItems ? <p className="mt-2 text-sm text-amber-900">{CONSULT_NOTE}</p> : null}
          <button
            type="submit"
            disabled={submitting}
            className="mt-5 flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3.5 text-lg font-bold text-white hover:bg-whatsapp-darker disabled:opacity-70"
          >
            <WhatsAppIcon className="h-5 w-5" />
            {submitting ? "Enviando…" : "Enviar Pedido"}
          </button>
          <Link to="/carrinho" className="mt-3 block text-center text-sm font-semibold text-slate-700 underline">
            Voltar ao carrinho
          </Link>
        </aside>
      </Form>
    </div>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${checked ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="h-4 w-4 accent-brand-600" />
      <span className="font-medium">{children}</span>
    </label>
  );
}
