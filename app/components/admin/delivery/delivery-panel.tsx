import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { useForm } from "~/components/ui/use-form";
import { deliveryZoneFormSchema, fallbackRateFormSchema } from "~/lib/delivery/delivery-zones.schema";
import { BRAZILIAN_STATES, zoneTimeLabel, type DeliveryZone } from "~/lib/delivery/zones";
import { refusalErrors, type ActionResult } from "~/lib/forms/action-result";
import { formLimits } from "~/lib/forms/form-limits";
import { formatBRL } from "~/lib/format/money";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { SaveOrCancel } from "~/components/admin/save-or-cancel";
import { DeleteZoneDialog } from "./delete-zone-dialog";

type FallbackRate = { state: string; feeCents: number; deliveryTime: string };
type Store = { id: number; name: string; address: string; hours: string };

/** By UF, as they read (the list itself is by the states' names: AP before AM). */
const STATE_OPTIONS = [...BRAZILIAN_STATES].sort().map((state) => ({ value: state, label: state }));

/**
 * /admin/entregas: the towns and bairros the shop delivers to itself (fee, free above, time, cut-off),
 * the carrier fee by state for when Melhor Envio cannot answer, and the stores' pick-up (always free).
 */
export function DeliveryPanel({ zones, rates, stores, result }: { zones: DeliveryZone[]; rates: FallbackRate[]; stores: Store[]; result?: ActionResult }) {
  const [searchParams] = useSearchParams();
  const saved = searchParams.get("salvo");
  const [editing, setEditing] = useState<DeliveryZone | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<DeliveryZone | null>(null);
  const closeDelete = useCallback(() => setToDelete(null), []);
  const location = useLocation();
  // A save (or delete) that went through redirects back here: the edit closes and the form starts
  // empty. A refusal (the answer's errors) keeps it open with what was typed.
  const refused = Boolean(refusalErrors(result));
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (refused) return;
    setEditing(null);
    setFormKey((key) => key + 1);
  }, [location.key, refused]);
  const towns = [...new Set(zones.map((zone) => zone.city))];
  function edit(zone: DeliveryZone) {
    setEditing(zone);
    setFormKey((key) => key + 1);
  }

  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Entregas</h1>
        <p className="mt-1 text-sm text-slate-600">
          Nas cidades abaixo o cliente escolhe o bairro e paga a taxa dele; um bairro fora da lista é combinado pelo WhatsApp. Fora delas, o
          frete vem do Melhor Envio ou, quando ele não responde, da tabela por estado.
        </p>
      </div>
      {saved ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          Salvo: {saved}.
        </p>
      ) : null}
      {refusalErrors(result)?.form ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {refusalErrors(result)?.form}
        </p>
      ) : null}

      <section aria-labelledby="bairros" className="space-y-4">
        <h2 id="bairros" className="text-lg font-bold">
          Bairros atendidos
        </h2>
        {towns.length === 0 ? <p className="text-slate-600">Nenhum bairro ainda: todo pedido de entrega local será combinado pelo WhatsApp.</p> : null}
        <ZonesByTown towns={towns} zones={zones} onEdit={edit} onDelete={setToDelete} />
        {toDelete ? <DeleteZoneDialog zone={toDelete} onClose={closeDelete} /> : null}
        <ZoneForm
          key={formKey}
          zone={editing}
          result={result}
          onCancel={() => {
            setEditing(null);
            setFormKey((key) => key + 1);
          }}
        />
      </section>

      <FallbackRatesSection rates={rates} result={result} />

      <PickupStoresSection stores={stores} />
    </div>
  );
}

function ZoneForm({ zone, result, onCancel }: { zone: DeliveryZone | null; result?: ActionResult; onCancel: () => void }) {
  const form = useForm({ schema: deliveryZoneFormSchema, limits: formLimits(deliveryZoneFormSchema), result });
  return (
    <Form method="post" {...form.props} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="text-lg font-bold">{zone ? `Editar ${zone.neighborhood} (${zone.city})` : "Novo bairro"}</h3>
      {zone ? <input type="hidden" name="id" value={zone.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
        <Field label="Cidade" {...form.field("city")} defaultValue={zone?.city ?? ""} />
        <SelectField label="Estado" {...form.field("state")} emptyOption={null} defaultValue={zone?.state ?? "PE"} options={STATE_OPTIONS} />
      </div>
      <Field label="Bairro" {...form.field("neighborhood")} defaultValue={zone?.neighborhood ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Taxa de entrega (R$)" inputMode="decimal" {...form.field("feeCents")} defaultValue={zone ? decimalCommaPrice(zone.feeCents) : ""} />
        <Field
          label="Grátis acima de (R$, opcional)"
          inputMode="decimal"
          {...form.field("freeAboveCents")}
          defaultValue={zone?.freeAboveCents != null ? decimalCommaPrice(zone.freeAboveCents) : ""}
        />
        <Field label="Prazo" {...form.field("deliveryTime")} defaultValue={zone?.deliveryTime ?? ""} placeholder="no mesmo dia" />
        <Field label="Horário de corte" {...form.field("cutoff")} defaultValue={zone?.cutoff ?? ""} placeholder="pedidos até 16h saem hoje" />
      </div>
      <SaveOrCancel intent="save-zone" label="Salvar bairro" onCancel={zone ? onCancel : undefined} />
    </Form>
  );
}

function RateForm({ result }: { result?: ActionResult }) {
  const form = useForm({ schema: fallbackRateFormSchema, limits: formLimits(fallbackRateFormSchema), result });
  return (
    <Form method="post" {...form.props} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="text-lg font-bold">Frete de um estado</h3>
      <div className="grid gap-4 sm:grid-cols-[6rem_1fr_1fr]">
        <SelectField label="Estado" {...form.field("state")} emptyOption="UF" defaultValue="" options={STATE_OPTIONS} />
        <Field label="Frete (R$)" inputMode="decimal" {...form.field("feeCents")} />
        <Field label="Prazo" {...form.field("deliveryTime")} placeholder="em até 8 dias úteis" />
      </div>
      <button type="submit" name="intent" value="save-rate" className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700">
        Salvar frete do estado
      </button>
    </Form>
  );
}

function PickupStoresSection({ stores }: { stores: Store[] }) {
  return (
    <section aria-labelledby="retirada" className="space-y-2">
      <h2 id="retirada" className="text-lg font-bold">
        Retirada na loja (sempre grátis)
      </h2>
      <ul className="space-y-1 text-sm">
        {stores.map((store) => (
          <li key={store.id}>
            <strong>{store.name}</strong> — {store.address} ({store.hours})
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">Endereços e horários das lojas ficam em Configurações.</p>
    </section>
  );
}

/** The carrier fee by state, used when Melhor Envio does not answer. */
function FallbackRatesSection({ rates, result }: { rates: FallbackRate[]; result?: ActionResult }) {
  return (
    <section aria-labelledby="tabela" className="space-y-4">
      <h2 id="tabela" className="text-lg font-bold">
        Frete por estado (quando a transportadora não responde)
      </h2>
      <p className="text-sm text-slate-600">Sem linha para o estado do cliente, ele combina a entrega pelo WhatsApp.</p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rates.map((rate) => (
          <li key={rate.state} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="rate-row">
            <span>
              <strong>{rate.state}</strong>: {formatBRL(rate.feeCents)}
              {rate.deliveryTime ? ` · ${rate.deliveryTime}` : ""}
            </span>
            <Form method="post">
              <input type="hidden" name="state" value={rate.state} />
              <button type="submit" name="intent" value="delete-rate" className="text-red-700 underline">
                Excluir {rate.state}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <RateForm result={result} />
    </section>
  );
}

function ZonesByTown({ towns, zones, onEdit, onDelete }: {
  towns: string[];
  zones: DeliveryZone[];
  onEdit: (zone: DeliveryZone) => void;
  onDelete: (zone: DeliveryZone) => void;
}) {
  return (
    towns.map((town) => (
      <div key={town}>
        <h3 className="font-semibold">{town}</h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {zones
            .filter((zone) => zone.city === town)
            .map((zone) => (
              <li key={zone.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="zone-row">
                <span>
                  <strong>{zone.neighborhood}</strong>: {formatBRL(zone.feeCents)}
                  {zone.freeAboveCents !== null ? `, grátis acima de ${formatBRL(zone.freeAboveCents)}` : ""}
                  {zoneTimeLabel(zone) ? <span className="block text-slate-600">{zoneTimeLabel(zone)}</span> : null}
                </span>
                <span className="flex gap-3">
                  <button type="button" className="underline" onClick={() => onEdit(zone)}>
                    Editar {zone.neighborhood}
                  </button>
                  <button type="button" className="text-red-700 underline" onClick={() => onDelete(zone)}>
                    Excluir {zone.neighborhood}
                  </button>
                </span>
              </li>
            ))}
        </ul>
      </div>
    ))
  );
}
