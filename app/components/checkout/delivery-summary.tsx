import { trackingUrl } from "~/lib/delivery/tracking";
import type { OrderView } from "~/lib/orders/order-message";
import { transferText } from "~/lib/stores/store-transfer";

/**
 * Where a recorded order goes: the pick-up store (and what travels to it from another store, with
 * when), the delivery address, or 'A combinar'.
 */
export function DeliverySummary({ delivery }: { delivery: OrderView["delivery"] }) {
  if (delivery.method === "pickup") {
    return (
      <>
        <p>
          {delivery.locationName}
          <br />
          {delivery.locationAddress}
        </p>
        {delivery.transfer ? (
          <div className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-950" data-testid="pickup-transfer">
            <p>{transferText(delivery.transfer)}</p>
            <ul className="mt-1 list-disc pl-5">
              {delivery.transfer.lines.map((line, index) => (
                <li key={index}>{`${line.quantity}× ${line.name}, de ${line.fromStore}`}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    );
  }
  if (delivery.method === "delivery") {
    const address = delivery.address;
    return (
      <p>
        {address.street}, {address.number}
        {address.complement ? ` - ${address.complement}` : ""}
        <br />
        {address.neighborhood} - {address.city}/{address.state}
        {address.cep ? ` - CEP ${address.cep}` : ""}
        {delivery.service ? (
          <>
            <br />
            <span data-testid="delivery-service">
              {delivery.service}
              {delivery.time ? ` · ${delivery.time}` : ""}
            </span>
          </>
        ) : null}
        {delivery.trackingCode ? (
          <>
            <br />
            Rastreio:{" "}
            <a href={trackingUrl(delivery.trackingCode)} target="_blank" rel="noopener noreferrer" className="font-semibold underline" data-testid="tracking-link">
              {delivery.trackingCode}
            </a>
          </>
        ) : null}
      </p>
    );
  }
  return <p>A combinar pelo WhatsApp.</p>;
}
