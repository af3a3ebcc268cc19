import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { PRODUCT_MESSAGES } from "~/lib/catalog/product.schema";

/**
 * The confirmation before a delete (spec: 'Tem certeza que deseja excluir este produto?'), as a modal
 * dialog rather than `window.confirm`. It stays open, busy, until the delete has gone through.
 */
export function DeleteProductDialog({ product, onClose }: { product: { id: number; name: string }; onClose: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) onClose();
    wasBusy.current = busy;
  }, [busy, onClose]);

  return (
    <AdminDialog title="Excluir produto" onClose={onClose}>
      <p className="font-semibold">{PRODUCT_MESSAGES.deleteConfirm}</p>
      <p className="mt-2 text-slate-700">“{product.name}” deixa de aparecer na loja. Os pedidos que já o incluem continuam iguais.</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={product.id} />
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
        >
          Cancelar
        </button>
        <button type="submit" disabled={busy} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70">
          {busy ? "Excluindo…" : "Sim, excluir"}
        </button>
      </Form>
    </AdminDialog>
  );
}
