import { useState } from "react";
import { Field, SelectField } from "~/components/ui/field";
import type { FormField } from "~/components/ui/use-form";
import { BRAZILIAN_STATES } from "~/lib/delivery/zones";
import type { DeliveryMethod } from "~/lib/delivery/delivery";
import { deliveryFeeLabel } from "~/lib/orders/order-message";
import type { Cart } from "~/lib/cart/cart";
import { ChoiceCard } from "./choice-card";
import { PickupStoreChoice } from "./pickup-store-choice";
import type { AddressFields, DeliveryChoice } from "./use-delivery-choice";

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state, label: state }));
/** The bairro select's last choice: a bairro not in the owner's list, typed, and agreed on WhatsApp. */
const OTHER_NEIGHBORHOOD = "__outro__";

/**
 * Delivery to an address or pick-up at one of the stores (free). The CEP comes first and fills the
 * address when the lookup answers; in a town the shop serves itself the bairro is chosen from the
 * owner's list (its fee and time shown), elsewhere the carrier options for the CEP.
 */
export function DeliveryFields({
  field,
  method,
  onMethodChange,
  delivery,
  locations,
  cart,
}: {
  field: FormField;
  method: DeliveryMethod;
  onMethodChange: (method: DeliveryMethod) => void;
  delivery: DeliveryChoice;
  locations: readonly { id: number; name: string; address: string; hours?: string }[];
  /** The cart: the pick-up list says which stores have it. */
  cart: Cart;
}) {
  const { address } = delivery;
  const bind = addressBinder(field, delivery);
  const [otherNeighborhood, setOtherNeighborhood] = useState(false);
  return (
    <fieldset className="space-y-4" data-testid="delivery-step">
      <legend className="text-lg font-bold">Entrega</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceCard name="deliveryMethod" value="delivery" checked={method === "delivery"} onChange={() => onMethodChange("delivery")}>
          Entregar no meu endereço
        </ChoiceCard>
        <ChoiceCard name="deliveryMethod" value="pickup" checked={method === "pickup"} onChange={() => onMethodChange("pickup")}>
          Retirar na loja (grátis)
        </ChoiceCard>
      </div>
      {method === "pickup" ? (
        <PickupStoreChoice stores={locations} cart={cart} error={field("pickupLocationId").error} />
      ) : (
        <>
          <AddressLines field={field} delivery={delivery} />
          {delivery.townZones.length > 0 ? (
            <>
              <SelectField
                label="Bairro"
                {...field("neighborhood")}
                name={otherNeighborhood ? "neighborhoodChoice" : "neighborhood"}
                value={otherNeighborhood ? OTHER_NEIGHBORHOOD : delivery.townZones.some((zone) => zone.neighborhood === address.neighborhood) ? address.neighborhood : ""}
                onChange={(event) => {
                  const other = event.target.value === OTHER_NEIGHBORHOOD;
                  setOtherNeighborhood(other);
                  delivery.setField("neighborhood", other ? "" : event.target.value);
                }}
                emptyOption="Escolha o bairro"
                options={[
                  ...delivery.townZones.map((zone) => ({ value: zone.neighborhood, label: zone.neighborhood })),
                  { value: OTHER_NEIGHBORHOOD, label: "Outro bairro (combinar pelo WhatsApp)" },
                ]}
              />
              {otherNeighborhood ? <Field label="Qual bairro?" {...bind("neighborhood")} /> : null}
            </>
          ) : (
            <Field label="Bairro" {...bind("neighborhood")} />
          )}
          <DeliveryOptions delivery={delivery} />
        </>
      )}
    </fieldset>
  );
}

/** CEP, street, number, complement, town and state: the address the bairro and the fee are read from. */
function AddressLines({ field, delivery }: { field: FormField; delivery: DeliveryChoice }) {
  const bind = addressBinder(field, delivery);
  return (
    <>
      <Field
        label="CEP"
        {...bind("cep")}
        className="max-w-[12rem]"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="55560-000"
        hint={cepHint(delivery)}
      />
      <Field label="Endereço" {...bind("street")} autoComplete="address-line1" />
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Field label="Número" {...field("number")} />
        <Field label="Complemento (opcional)" {...field("complement")} autoComplete="address-line2" />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
        <Field label="Cidade" {...bind("city")} autoComplete="address-level2" />
        <SelectField label="Estado" {...bind("state")} emptyOption={null} autoComplete="address-level1" options={STATE_OPTIONS} />
      </div>
    </>
  );
}

/** An address field's props: its form name (the street's is "address"), the value the delivery choice keeps and the change that sets it. */
function addressBinder(field: FormField, delivery: DeliveryChoice) {
  return (name: keyof AddressFields) => ({
    ...field(name === "street" ? "address" : name),
    value: delivery.address[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => delivery.setField(name, event.target.value),
  });
}

/** Under the CEP: what it does here; filling the address is promised only when the shop has a CEP lookup. */
function cepHint(delivery: DeliveryChoice): string {
  if (!delivery.cepLookup) return "Com o CEP calculamos o frete; preencha o endereço abaixo.";
  if (delivery.lookupBusy) return "Buscando o endereço…";
  return delivery.unknownCep ? "CEP não encontrado: confira ou preencha o endereço." : "Preenchemos o endereço pelo CEP; você pode corrigir.";
}

/** The fee and time of where it goes, before the shopper sends; carrier services as a choice. */
function DeliveryOptions({ delivery }: { delivery: DeliveryChoice }) {
  const option = delivery.option;
  if (delivery.remoteOptions) {
    return (
      <div className="space-y-2" role="radiogroup" aria-label="Como receber">
        <p className="text-sm font-semibold text-slate-800">Como receber</p>
        {delivery.remoteOptions.map((candidate) => (
          <ChoiceCard key={candidate.id} name="deliveryOption" value={candidate.id} checked={option?.id === candidate.id} onChange={() => delivery.choose(candidate.id)}>
            <span className="flex flex-wrap justify-between gap-x-3">
              <span>{candidate.label}</span>
              <span data-testid="delivery-option-fee">{deliveryFeeLabel(candidate.feeCents)}</span>
            </span>
            {candidate.time ? <span className="block text-sm font-normal text-slate-600">{candidate.time}</span> : null}
          </ChoiceCard>
        ))}
      </div>
    );
  }
  return (
    <>
      <input type="hidden" name="deliveryOption" value={delivery.optionId} />
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="delivery-quote" aria-live="polite">
        {option && option.feeCents !== null ? (
          <>
            <strong>{option.label}</strong>: {deliveryFeeLabel(option.feeCents)}
            {option.time ? ` · ${option.time}` : ""}
          </>
        ) : option ? (
          "Bairro fora da nossa lista: combinamos a entrega e o frete pelo WhatsApp."
        ) : delivery.localTown ? (
          "Escolha o bairro para ver a taxa e o prazo."
        ) : delivery.lookupBusy ? (
          "Calculando o frete…"
        ) : (
          "Informe o CEP para ver o frete. Sem ele, combinamos a entrega pelo WhatsApp."
        )}
      </p>
    </>
  );
}
