import { useStorefront } from "~/components/layout/use-storefront";
import { ShieldIcon, StoreIcon, TruckIcon } from "~/components/ui/icons";
import { EXCHANGE_DAYS } from "~/lib/group/settings";

/** Delivery fees (the bairros of /admin/entregas, summed up by the server), pick-up and exchange terms. */
export function DeliveryNotes() {
  const { delivery } = useStorefront();
  const notes = [
    delivery ? { icon: TruckIcon, text: delivery.note } : null,
    { icon: StoreIcon, text: "Retire grátis em uma de nossas lojas" },
    { icon: ShieldIcon, text: `Troca em até ${EXCHANGE_DAYS} dias` },
  ].filter((note) => note !== null);

  return (
    <ul className="space-y-2.5 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" aria-label="Entrega e trocas">
      {notes.map(({ icon: Icon, text }) => (
        <li key={text} className="flex gap-2.5">
          <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
