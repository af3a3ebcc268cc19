import { data } from "react-router";
import { actionRefusal, actionSuccess } from "~/lib/forms/action-result";
import { PushDevicesPanel } from "~/components/admin/notifications/push-devices-panel";
import { adminMeta } from "~/lib/admin/admin-meta";
import { deviceLabel, pushDeviceIdSchema, pushSubscriptionSchema, type PushDevicesResult } from "~/lib/admin/push-devices";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
import { TEST_NOTICE } from "~/server/notifications/new-order-push.server";
import { deliverPushesSoon, queueStaffPush } from "~/server/notifications/push-queue.server";
import { listSubscriptions, removeSubscription, saveSubscription } from "~/server/notifications/push-subscriptions.server";
import { loadOrCreateVapidKeys } from "~/server/notifications/vapid-keys.server";
import { pushEndpointProblem } from "~/server/notifications/push-endpoint.server";
import { MAX_DEVICES_PER_ACCOUNT } from "~/server/notifications/push-queue.server";
import { log } from "~/server/log/logger.server";
import type { Route } from "./+types/push-devices";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "notifications");
  const devices = await listSubscriptions(context.db, user.id);
  return { devices, publicKey: loadOrCreateVapidKeys(context.config).publicKey };
}

const PUSH_ENDPOINT_REFUSED = "Este endereço de avisos não é de um serviço de notificações conhecido. Toque de novo em 'Receber avisos' neste aparelho.";

/** This browser's subscription, removing one of one's own devices, or a test push to them. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "notifications");
  const form = await readFormData(request);
  const refuse = (message: string, status = 400) => data<PushDevicesResult>(actionRefusal(message), { status });
  switch (form.get("intent")) {
    case "subscribe": {
      const parsed = pushSubscriptionSchema.safeParse({ endpoint: form.get("endpoint"), p256dh: form.get("p256dh"), auth: form.get("auth") });
      if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Inscrição inválida.");
      // Only a public push service: the shop will POST to this address (checked again at every send).
      const problem = await pushEndpointProblem(parsed.data.endpoint).catch(() => "its host does not resolve now");
      if (problem) {
        log.warn({ userId: user.id }, `push subscription refused: ${problem}`);
        return refuse(PUSH_ENDPOINT_REFUSED);
      }
      const saved = await saveSubscription(context.db, user.id, parsed.data, deviceLabel(request.headers.get("user-agent")));
      if (saved === "too-many") return refuse(`Esta conta já recebe avisos em ${MAX_DEVICES_PER_ACCOUNT} aparelhos. Remova um aparelho antigo na lista abaixo e toque de novo em 'Receber avisos'.`, 409);
      return data<PushDevicesResult>(actionSuccess("Pronto: este aparelho vai receber um aviso a cada novo pedido."));
    }
    case "remove": {
      const id = pushDeviceIdSchema.safeParse(form.get("id"));
      if (!id.success) return refuse(id.error.issues[0]?.message ?? "Aparelho inválido");
      if (!(await removeSubscription(context.db, user.id, id.data))) return refuse("Este aparelho já não recebe avisos nesta conta.", 404);
      return data<PushDevicesResult>(actionSuccess("Aparelho removido: ele não recebe mais avisos."));
    }
    case "test": {
      const queued = await queueStaffPush(context.db, "test", TEST_NOTICE, { userId: user.id });
      if (queued === 0) return refuse("Nenhum aparelho recebe avisos nesta conta. Toque antes em 'Receber avisos de pedidos neste aparelho'.");
      deliverPushesSoon(context.db);
      return data<PushDevicesResult>(actionSuccess(queued === 1 ? "Aviso de teste enviado para 1 aparelho." : `Aviso de teste enviado para ${queued} aparelhos.`));
    }
    default:
      return refuse("Ação desconhecida.");
  }
}

export function meta() {
  return adminMeta("Avisos de pedidos");
}

export default function AdminPushDevices({ loaderData }: Route.ComponentProps) {
  return <PushDevicesPanel devices={loaderData.devices} publicKey={loaderData.publicKey} />;
}
