import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { resultMessage } from "~/lib/forms/action-result";
import type { PushDevice, PushDevicesResult } from "~/lib/admin/push-devices";
import { formatShopDateTime } from "~/lib/format/shop-time";

const SERVICE_WORKER = { url: "/admin/sw.js", scope: "/admin" };

/** The browser's subscription, made with the shop's public key; asks the notification permission first. */
async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("permission");
  await navigator.serviceWorker.register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope });
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0)) }));
  return subscription.toJSON();
}

async function currentEndpoint(): Promise<string | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER.scope);
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

const canPush = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * This device's side: which listed device it is, and turning its notifications on (the permission is
 * asked only here, after the tap), with what went wrong in words the clerk can act on.
 */
function useThisDevicePush(publicKey: string, devices: readonly unknown[], sendSubscription: (fields: Record<string, string>) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  useEffect(() => {
    void currentEndpoint().then(setThisEndpoint, () => setThisEndpoint(null));
  }, [devices]);

  const turnOn = async () => {
    setProblem(null);
    if (!canPush()) {
      setProblem("Este navegador não recebe avisos. No iPhone, adicione o painel à Tela de Início (Compartilhar › Adicionar à Tela de Início) e abra por lá.");
      return;
    }
    setWorking(true);
    try {
      const subscription = await subscribeThisBrowser(publicKey);
      setThisEndpoint(subscription.endpoint ?? null);
      sendSubscription({ intent: "subscribe", endpoint: subscription.endpoint ?? "", p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" });
    } catch (error) {
      setProblem(
        error instanceof Error && error.message === "permission"
          ? "Os avisos estão bloqueados neste navegador. Libere as notificações deste site nas configurações do navegador e toque de novo."
          : "Não foi possível ativar os avisos neste aparelho. Tente de novo em instantes.",
      );
    } finally {
      setWorking(false);
    }
  };

  return { problem, working, thisEndpoint, turnOn };
}

/**
 * /admin/avisos: turns on new-order notifications on this device (the permission is asked only after
 * the tap), lists the account's devices with "Remover", and sends a test notification.
 */
export function PushDevicesPanel({ devices, publicKey }: { devices: (PushDevice & { endpoint: string })[]; publicKey: string }) {
  const fetcher = useFetcher<PushDevicesResult>();
  const { problem, working, thisEndpoint, turnOn } = useThisDevicePush(publicKey, devices, (fields) => void fetcher.submit(fields, { method: "post" }));

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = working || fetcher.state !== "idle";
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Avisos de pedidos</h1>
        <p className="text-sm text-slate-600">Cada novo pedido toca neste aparelho, mesmo com o painel fechado. Ative em cada celular ou computador da equipe.</p>
      </div>

      <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
        <button type="button" onClick={() => void turnOn()} disabled={busy} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          Receber avisos de pedidos neste aparelho
        </button>
        <p className="text-xs text-slate-600">No iPhone (iOS 16.4 ou mais novo), antes adicione o painel à Tela de Início e abra por lá.</p>
        <p role="status" className="text-sm font-semibold text-green-800">
          {result?.ok ? result.message : null}
        </p>
        {problem || (result && !result.ok) ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {problem ?? resultMessage(result)}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="push-devices-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="push-devices-title" className="font-bold">
          Aparelhos desta conta
        </h2>
        {devices.length ? (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="push-devices">
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {device.label}
                    {device.endpoint === thisEndpoint ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">este aparelho</span> : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    Desde {formatShopDateTime(device.createdAt)}
                    {device.lastSuccessAt ? ` · último aviso entregue ${formatShopDateTime(device.lastSuccessAt)}` : ""}
                  </p>
                </div>
                <fetcher.Form
                  method="post"
                  onSubmit={() => {
                    // This browser stops listening too, not only the server's list.
                    if (device.endpoint === thisEndpoint) void navigator.serviceWorker.getRegistration(SERVICE_WORKER.scope).then((registration) => registration?.pushManager.getSubscription()).then((subscription) => subscription?.unsubscribe());
                  }}
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={device.id} />
                  <button type="submit" disabled={busy} aria-label={`Remover ${device.label}`} className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                    Remover
                  </button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Nenhum aparelho recebe avisos nesta conta.</p>
        )}
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="test" />
          <button type="submit" disabled={busy || devices.length === 0} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60">
            Enviar aviso de teste
          </button>
        </fetcher.Form>
      </section>
    </div>
  );
}
