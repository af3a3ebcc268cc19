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
      </p>
    );
  }
  return <p>A combinar pelo WhatsApp.</p>;
}
