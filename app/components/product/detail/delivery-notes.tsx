import { useStorefront } from "~/components/layout/use-storefront";
import { ShieldIcon, StoreIcon, TruckIcon } from "~/components/ui/icons";
import { formatBRL } from "~/lib/format/money";
import { EXCHANGE_DAYS } from "~/lib/group/settings";

const cityList = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });

/** Delivery fee, pick-up and exchange terms, from the shop's settings. */
export function DeliveryNotes() {
  const { settings } = useStorefront();
  const notes = [
    settings.deliveryCities.length > 0
      ? {
          icon: TruckIcon,
          text: `Entrega em ${cityList.format(settings.deliveryCities)}: ${formatBRL(settings.deliveryFeeCents)}, grátis acima de ${formatBRL(settings.freeShippingMinCents)}`,
        }
      : null,
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
