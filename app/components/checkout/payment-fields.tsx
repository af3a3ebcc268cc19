import { SelectField } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";
import { installmentOptions } from "~/lib/payments/installments";
import { formatBRL } from "~/lib/format/money";
import { CARRIER_PAYMENT_MESSAGE, NO_CARRIER_PAYMENT_MESSAGE, paidBeforeShipping, paymentMethodsFor, type PaymentDelivery } from "~/lib/payments/payment-methods";
import type { Settings } from "~/lib/group/settings";
import { ChoiceCard } from "./choice-card";

/**
 * The payment methods the shop takes for this delivery (a carrier's: only PIX, paid before it ships),
 * and the instalments the chosen one allows for the total.
 */
export function PaymentFields({
  field,
  method,
  onMethodChange,
  settings,
  delivery,
  totalCents,
}: {
  field: FormField;
  /** The chosen method, one of those offered (./checkout-form keeps it so). */
  method: string;
  onMethodChange: (method: string) => void;
  settings: Pick<Settings, "paymentMethods" | "maxInstallments">;
  delivery: PaymentDelivery;
  totalCents: number;
}) {
  const enabled = paymentMethodsFor(settings, delivery);
  const installments = installmentOptions(settings, method, totalCents);
  const { error } = field("paymentMethod");
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold">Pagamento</legend>
      {paidBeforeShipping(delivery) ? (
        <p className="text-sm text-slate-700" data-testid="payment-note">
          {enabled.length > 0 ? CARRIER_PAYMENT_MESSAGE : NO_CARRIER_PAYMENT_MESSAGE}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {enabled.map((payment) => (
          <ChoiceCard key={payment.value} name="paymentMethod" value={payment.value} checked={method === payment.value} onChange={() => onMethodChange(payment.value)}>
            {payment.label}
          </ChoiceCard>
        ))}
      </div>
      {installments.length > 1 ? (
        <SelectField
          label="Parcelas"
          {...field("installments")}
          emptyOption={null}
          defaultValue="1"
          className="sm:w-72"
          options={installments.map(({ count, eachCents }) => ({ value: String(count), label: `${count}x de ${formatBRL(eachCents)} sem juros` }))}
        />
      ) : (
        <input type="hidden" name="installments" value="1" />
      )}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
