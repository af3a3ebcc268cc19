import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { releaseWhatsAppTab, reserveWhatsAppTab } from "~/components/cart/whatsapp-handoff";
import { WhatsAppIcon } from "~/components/ui/icons";
import { useForm } from "~/components/ui/use-form";
import { orderLinesJson, type Cart } from "~/lib/cart/cart";
import type { ActionResult } from "~/lib/forms/action-result";
import { orderSourceHint } from "~/lib/orders/order-source";

/** The action's schema, imported when the shopper first reaches for the button: the cart page loads no zod up front. */
const loadOrderEnvelopeSchema = () => import("~/lib/orders/checkout.schema").then((module) => module.orderEnvelopeSchema);

/**
 * The cart's quick 'Finalizar pelo WhatsApp': the order (items only; delivery and payment are agreed
 * in the chat) is recorded on the server first, then the order page hands it to WhatsApp. Nothing is
 * typed (no input limits); the lines and the key are checked with the action's schema before a tab is
 * kept for WhatsApp and the order sent.
 */
export function WhatsAppOrderButton({ cart, couponCode }: { cart: Cart; couponCode: string }) {
  const fetcher = useFetcher<ActionResult>();
  // One key per visit to the cart: a double tap or a retry records one order.
  const [idempotencyKey, setIdempotencyKey] = useState("");
  useEffect(() => setIdempotencyKey(crypto.randomUUID()), []);
  const { errors, props } = useForm({
    schema: loadOrderEnvelopeSchema,
    result: fetcher.data,
    send: (form) => {
      reserveWhatsAppTab();
      void fetcher.submit(form, { method: "post", action: "/pedido" });
    },
  });
  // The server answers about the whole form; the browser's check, about the lines or the key.
  const error = fetcher.state === "idle" ? (errors.form ?? errors.lines ?? errors.idempotencyKey) : undefined;

  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) releaseWhatsAppTab();
  }, [fetcher.data]);

  return (
    <fetcher.Form method="post" action="/pedido" {...props}>
      <input type="hidden" name="lines" value={orderLinesJson(cart)} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="source" value={orderSourceHint() ?? ""} />
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
