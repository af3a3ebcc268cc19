import { trackingUrl } from "~/lib/delivery/tracking";
import type { OrderView } from "~/lib/orders/order-message";

/** Where a recorded order goes: the pick-up store, the delivery address, or 'A combinar'. */
export function DeliverySummary({ delivery }: { delivery: OrderView["delivery"] }) {
  if (delivery.method === "pickup") {
    return (
      <p>
        {delivery.locationName}
        <br />
        {delivery.locationAddress}
      </p>
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
