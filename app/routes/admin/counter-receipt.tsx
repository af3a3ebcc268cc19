import { data } from "react-router";
import { CounterReceiptView } from "~/components/admin/counter/counter-receipt";
import { adminMeta } from "~/lib/admin/admin-meta";
import { requireStaffPermission, staffStoreScope } from "~/server/auth/guards.server";
import { orderInStoreScope } from "~/server/orders/admin-order-queries.server";
import { counterReceipt } from "~/server/counter/counter-sale.server";
import { qrCodeSvgIfDrawable } from "~/server/media/qr-code.server";
import type { Route } from "./+types/counter-receipt";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const clerk = await requireStaffPermission(request, context, "counter");
  // Another store's sale is not found for a Vendedor, as an unknown one.
  const inScope = UUID.test(params.id) && (await orderInStoreScope(context.db, params.id, staffStoreScope(clerk)));
  const receipt = inScope ? await counterReceipt(context.db, params.id, { fiscal: Boolean(context.config.fiscal) }) : null;
  if (!receipt) throw data("Venda de balcão não encontrada.", { status: 404 });
  // The NFC-e's QR code, drawn here from the provider's qrcode_url (the phone downloads no QR library).
  const qrSvg = receipt.fiscal?.status === "autorizado" && receipt.fiscal.qrcodeUrl ? qrCodeSvgIfDrawable(receipt.fiscal.qrcodeUrl, "QR Code da NFC-e") : null;
  return { receipt, qrSvg };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return adminMeta(loaded ? `Recibo #${loaded.receipt.code}` : "Recibo");
}

export default function AdminCounterReceipt({ loaderData }: Route.ComponentProps) {
  return <CounterReceiptView receipt={loaderData.receipt} qrSvg={loaderData.qrSvg} />;
}
