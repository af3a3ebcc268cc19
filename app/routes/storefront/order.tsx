import { data, redirect } from "react-router";
import { actionRefusal, resultMessage } from "~/lib/forms/action-result";
import { OrderDetails } from "~/components/checkout/order-details";
import { pageMeta } from "~/lib/pages/meta";
import { orderMessage } from "~/lib/orders/order-message";
import { whatsappLink } from "~/lib/orders/whatsapp";
import { getOrderByToken, readOrderHistoryByToken } from "~/server/orders/order-reading.server";
import { qrCodeSvgIfDrawable } from "~/server/media/qr-code.server";
import { getSettings } from "~/server/group/settings.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import { orderPaymentOnPage, renewPixOnPage } from "~/server/payments/order-payment.server";
import { danfePath, orderDanfeKept } from "~/server/fiscal/fiscal-archive.server";
import type { Route } from "./+types/order";

export async function loader({ params, context }: Route.LoaderArgs) {
  const settings = await getSettings(context.db);
  const order = await getOrderByToken(context.db, settings, params.token);
  if (!order) throw data("Pedido não encontrado", { status: 404 });
  const orderUrl = `${await shopPublicOrigin(context)}/pedido/${order.token}`;
  const payment = await orderPaymentOnPage(context, order.token, settings);
  // The provider's charge replaces the static code (none while it is being made); once paid or
  // expired, no code invites a payment.
  const pixCode = payment?.charge ? payment.charge.copyPaste : payment && (payment.status !== "awaiting" || payment.generating) ? null : order.pixCode;
  const shown = { ...order, pixCode };
  // The message goes out as the page first opens, usually before the provider's code exists: it says
  // the order waits for the Pix and where its code is, never a code that may not be the charge's.
  const byProvider = payment?.status === "awaiting" && (payment.generating || payment.charge !== null);
  const message = byProvider ? orderMessage({ ...shown, pixCode: null, pixAwaitingOnPage: true }, orderUrl) : orderMessage(shown, orderUrl);
  return {
    order: shown,
    payment,
    history: await readOrderHistoryByToken(context.db, order.token),
    whatsappUrl: whatsappLink(settings.storeWhatsApp, message),
    pixQrSvg: pixCode ? qrCodeSvgIfDrawable(pixCode, `QR Code PIX do pedido ${order.code}`) : null,
    // The NF-e's DANFE once authorised and kept (a delivered order with fiscal documents on).
    danfeUrl: context.config.fiscal && (await orderDanfeKept(context.db, order.token)) ? danfePath(order.token) : null,
  };
}

/** "Gerar novo Pix" after the last one expired: the units again (if the shelf still has them) and a new charge. */
export async function action({ params, context }: Route.ActionArgs) {
  const settings = await getSettings(context.db);
  const result = await renewPixOnPage(context, params.token, settings);
  if (!result.ok) return data(actionRefusal(result.message), { status: 409 });
  return redirect(`/pedido/${params.token}`);
}

/** The page holds a shopper's address and phone: never cached, never sent as a referrer. */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: loaderData ? `Pedido #${loaderData.order.code}` : "Pedido não encontrado",
      description: "Acompanhe o seu pedido.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrderDetails
      order={loaderData.order}
      payment={loaderData.payment}
      paymentError={resultMessage(actionData) ?? null}
      history={loaderData.history}
      whatsappUrl={loaderData.whatsappUrl}
      pixQrSvg={loaderData.pixQrSvg}
      danfeUrl={loaderData.danfeUrl}
    />
  );
}

export function ErrorBoundary() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Pedido não encontrado</h1>
      <p className="mt-3 text-slate-600">Confira o link que você recebeu. Se precisar, fale com a loja pelo WhatsApp.</p>
      <a href="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Voltar para o início
      </a>
    </div>
  );
}
