import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { releaseWhatsAppTab, reserveWhatsAppTab } from "~/components/checkout/whatsapp-handoff";
import { WhatsAppIcon } from "~/components/ui/icons";
import { orderLinesJson, type Cart } from "~/lib/cart";
import type { FieldErrors } from "~/lib/form-errors";

/**
 * The cart's quick 'Finalizar pelo WhatsApp': the order (items only; delivery and payment are agreed
 * in the chat) is recorded on the server first, then the order page hands it to WhatsApp.
 */
export function WhatsAppOrderButton({ cart, couponCode }: { cart: Cart; couponCode: string }) {
  const fetcher = useFetcher<{ errors: FieldErrors }>();
  // One key per visit to the cart: a double tap or a retry records one order.
  const [idempotencyKey, setIdempotencyKey] = useState("");
  useEffect(() => setIdempotencyKey(crypto.randomUUID()), []);
  // Nothing to type, so nothing of useForm (~/components/ui/use-form) but its answer: the message about the whole form.
  const error = fetcher.state === "idle" ? fetcher.data?.errors.form : undefined;

  useEffect(() => {
    if (error) releaseWhatsAppTab();
  }, [error]);

  return (
    <fetcher.Form method="post" action="/pedido" onSubmit={() => reserveWhatsAppTab()}>
      <input type="hidden" name="lines" value={orderLinesJson(cart)} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {couponCode ? <input type="hidden" name="couponCode" value={couponCode} /> : null}
      <button
        type="submit"
        disabled={!idempotencyKey || fetcher.state !== "idle"}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3 font-bold text-white hover:bg-whatsapp-darker disabled:opacity-70"
      >
        <WhatsAppIcon className="h-5 w-5" />
        {fetcher.state !== "idle" ? "Registrando pedido…" : "Finalizar pelo WhatsApp"}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
