import { useFetcher } from "react-router";
import { resultMessage, type ActionResult } from "~/lib/forms/action-result";

/** The order window's 'Código de rastreio': saved on the order, shown on its page and in the status messages. */
export function TrackingCodeForm({ action, trackingCode }: { action: string; trackingCode: string | null }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="tracking" />
      <label className="block">
        <span className="block text-sm font-semibold text-slate-800">Código de rastreio</span>
        <input
          name="trackingCode"
          defaultValue={trackingCode ?? ""}
          maxLength={60}
          autoCapitalize="characters"
          placeholder="QB123456789BR"
          className="mt-1 w-56 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        />
      </label>
      <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold">
        {fetcher.state !== "idle" ? "Salvando…" : "Salvar rastreio"}
      </button>
      <p role="status" className={`w-full text-sm ${fetcher.data?.ok === false ? "text-red-700" : "text-green-800"}`}>
        {fetcher.state === "idle" ? (resultMessage(fetcher.data) ?? "") : ""}
      </p>
    </fetcher.Form>
  );
}
