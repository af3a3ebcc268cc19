import { useEffect, useState } from "react";
import { Form, useNavigate, useNavigation, useSubmit } from "react-router";
import { useCart } from "~/components/cart-state/cart-store";
import { CouponField } from "~/components/cart/coupon-field";
import { useCoupon } from "~/components/cart-state/coupon-store";
import { useStorefront } from "~/components/layout/use-storefront";
import { TextareaField } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { useHydrated } from "~/components/ui/use-hydrated";
import { orderLinesJson, type Cart } from "~/lib/cart/cart";
import { checkoutSchema } from "~/lib/orders/checkout.schema";
import type { DeliveryMethod } from "~/lib/delivery/delivery";
import type { DeliveryZone } from "~/lib/delivery/zones";
import { maskCep, maskCpf } from "~/lib/format/documents";
import type { ActionResult } from "~/lib/forms/action-result";
import { formLimits } from "~/lib/forms/form-limits";
import { deliveryFeeLabel } from "~/lib/orders/order-message";
import { orderSourceHint } from "~/lib/orders/order-source";
import { maskPhone } from "~/lib/forms/phone-input";
import { paymentMethodsFor } from "~/lib/payments/payment-methods";
import { CheckoutSummary } from "./checkout-summary";
import { CustomerFields, type CheckoutPrefill } from "./customer-fields";
import { DeliveryFields } from "./delivery-fields";
import { useDeliveryChoice } from "./use-delivery-choice";
import { PaymentFields } from "./payment-fields";
import { releaseWhatsAppTab, reserveWhatsAppTab } from "../cart/whatsapp-handoff";
import { WHATSAPP_CONSENT_LABEL } from "~/lib/orders/whatsapp-templates";

export { SAVE_PHONE_FIELD } from "./customer-fields";

const MASKS: Record<string, (value: string) => string> = { cpf: maskCpf, cep: maskCep, phone: maskPhone };

type CheckoutFormProps = {
  idempotencyKey: string;
  prefill: CheckoutPrefill;
  /** The action's answer to the last try (a refusal: the order was not recorded). */
  result?: ActionResult;
  /** The bairros the shop delivers to itself (/admin/entregas). */
  deliveryZones: readonly DeliveryZone[];
  /** The shop has a CEP lookup (CEP_LOOKUP_URL): the CEP fills the address. */
  cepLookup: boolean;
  /** The shop sends order updates on WhatsApp by itself (WHATSAPP_* set): the shopper may ask for them. */
  whatsappUpdates?: boolean;
};

/**
 * The checkout: who orders, delivery, payment and the order's summary. Checked with the action's
 * schema, then sent while a tab is kept for WhatsApp (./whatsapp-handoff).
 */
export function CheckoutForm({ idempotencyKey, prefill, result, deliveryZones, cepLookup, whatsappUpdates = false }: CheckoutFormProps) {
  const { settings, locations } = useStorefront();
  const { cart, totals } = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useForm({
    schema: checkoutSchema,
    limits: formLimits(checkoutSchema),
    result,
    send: (element) => {
      reserveWhatsAppTab();
      void submit(element, { method: "post" });
    },
  });

  const { deliveryMethod, setDeliveryMethod, delivery, setPhone, coupon, discount, paymentDelivery, paymentMethod, setPaymentMethod, fee, total } =
    useCheckoutChoices({ cart, subtotalCents: totals.totalCents, prefill, deliveryZones, cepLookup });

  // The spec: an empty cart has nothing to check out.
  useEffect(() => {
    if (hydrated && cart.length === 0 && !submitting) navigate("/carrinho", { replace: true });
  }, [hydrated, cart.length, submitting, navigate]);

  // A refused order: the tab kept for WhatsApp is closed.
  useEffect(() => {
    if (result && !result.ok) releaseWhatsAppTab();
  }, [result]);

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const mask = MASKS[target.name];
    if (mask) target.value = mask(target.value);
    if (target.name === "phone") setPhone(target.value);
    form.props.onChange(event);
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

      <Form method="post" {...form.props} onChange={onChange} className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="lines" value={orderLinesJson(cart)} />
        <input type="hidden" name="source" value={orderSourceHint() ?? ""} />
        {discount ? <input type="hidden" name="couponCode" value={coupon.code} /> : null}

        <div className="space-y-8">
          {form.errors.form ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-800">
              {form.errors.form}
            </p>
          ) : null}
          <CustomerFields field={form.field} prefill={prefill} />
          <DeliveryFields field={form.field} method={deliveryMethod} onMethodChange={setDeliveryMethod} delivery={delivery} locations={locations} cart={cart} />
          <PaymentFields field={form.field} method={paymentMethod} onMethodChange={setPaymentMethod} settings={settings} delivery={paymentDelivery} totalCents={total} />
          <TextareaField label="Observações (opcional)" {...form.field("notes")} rows={3} />
          {whatsappUpdates ? <WhatsAppUpdatesConsent /> : null}
        </div>

        <CheckoutSummary
          items={cart}
          subtotalCents={totals.totalCents}
          deliveryLabel={deliveryMethod === "delivery" && !delivery.option ? "Informe o endereço" : deliveryFeeLabel(fee)}
          totalCents={total}
          hasConsultItems={totals.hasConsultItems}
          submitting={submitting}
          discount={discount}
        >
          <CouponField code={coupon.code} preview={coupon.preview} />
        </CheckoutSummary>
      </Form>
    </div>
  );
}

/**
 * The shopper's choices and what they come to: delivery or pick-up (and where), the payment (one this
 * delivery can take), the coupon for them, and the fee and total.
 */
function useCheckoutChoices({ cart, subtotalCents, prefill, deliveryZones, cepLookup }: {
  cart: Cart;
  subtotalCents: number;
  prefill: CheckoutPrefill;
  deliveryZones: readonly DeliveryZone[];
  cepLookup: boolean;
}) {
  const { settings } = useStorefront();
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>("delivery");
  const [chosenPayment, setPaymentMethod] = useState("credit");
  const [phone, setPhone] = useState(prefill?.phone ?? "");
  const delivery = useDeliveryChoice({ zones: deliveryZones, settings, cart, subtotalCents, initialStreet: prefill?.address ?? "", cepLookup });
  const city = delivery.address.city;
  const { cep, state, neighborhood } = delivery.address;
  const coupon = useCoupon(cart, { deliveryMethod, city, phone, option: { id: delivery.optionId, cep, state, neighborhood } });
  const discount = coupon.preview?.ok ? coupon.preview : null;
  // What this delivery can be paid by (a carrier's: PIX only); a choice it cannot take falls to the first offered.
  const paymentDelivery = { deliveryMethod, deliveryOption: delivery.optionId };
  const offeredPayments = paymentMethodsFor(settings, paymentDelivery);
  const paymentMethod = offeredPayments.some((payment) => payment.value === chosenPayment) ? chosenPayment : (offeredPayments[0]?.value ?? "");
  const quotedFee = deliveryMethod === "pickup" ? 0 : (delivery.option?.feeCents ?? null);
  const fee = discount?.deliveryWaivedCents ? 0 : quotedFee;
  const total = subtotalCents - (discount?.linesCents ?? 0) + (fee ?? 0);
  return { deliveryMethod, setDeliveryMethod, delivery, setPhone, coupon, discount, paymentDelivery, paymentMethod, setPaymentMethod, fee, total };
}

/** Never ticked for her: WhatsApp's rules and the shopper's trust both want her own yes. */
function WhatsAppUpdatesConsent() {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="whatsappConsent" className="h-5 w-5 accent-brand-600" data-testid="whatsapp-consent" />
      {WHATSAPP_CONSENT_LABEL}
    </label>
  );
}
