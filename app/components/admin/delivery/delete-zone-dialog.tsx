import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import type { DeliveryZone } from "~/lib/delivery/zones";

/**
 * The question before a bairro is deleted, as the products' delete asks (a modal, not `window.confirm`):
 * its orders keep their fee, but new orders from it go to WhatsApp. Open, busy, until the delete is through.
 */
export function DeleteZoneDialog({ zone, onClose }: { zone: DeliveryZone; onClose: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-zone";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) onClose();
    wasBusy.current = busy;
  }, [busy, onClose]);

  return (
    <AdminDialog title="Excluir bairro" onClose={onClose}>
      <p className="font-semibold">
        Excluir {zone.neighborhood} ({zone.city})?
      </p>
      <p className="mt-2 text-slate-700">Os pedidos já feitos continuam iguais; os novos deste bairro passam a combinar a entrega pelo WhatsApp.</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete-zone" />
        <input type="hidden" name="id" value={zone.id} />
        <button type="button" onClick={onClose} disabled={busy} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50">
          Cancelar
        </button>
        <button type="submit" disabled={busy} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70">
          {busy ? "Excluindo…" : "Sim, excluir"}
        </button>
      </Form>
    </AdminDialog>
  );
}
