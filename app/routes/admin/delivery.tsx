import { data, redirect } from "react-router";
import { actionRefusal } from "~/lib/forms/action-result";
import { DeliveryPanel } from "~/components/admin/delivery/delivery-panel";
import { deliveryZoneFormSchema, fallbackRateFormSchema } from "~/lib/delivery/delivery-zones.schema";
import { fieldErrors, type FieldErrors } from "~/lib/forms/form-errors";
import { idSchema } from "~/lib/forms/ids";
import { adminMeta } from "~/lib/admin/admin-meta";
import { BRAZILIAN_STATES } from "~/lib/delivery/zones";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { deleteDeliveryZone, deleteFallbackRate, listDeliveryZones, listFallbackRates, saveDeliveryZone, saveFallbackRate } from "~/server/delivery/delivery-zones.server";
import { listStoreLocations } from "~/server/catalog/products.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/delivery";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "delivery");
  const [zones, rates, stores] = await Promise.all([listDeliveryZones(context.db), listFallbackRates(context.db), listStoreLocations(context.db)]);
  return { zones, rates, stores: stores.map((store) => ({ id: store.id, name: store.name, address: store.address, hours: store.hours })) };
}

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** Saves or deletes a bairro (`save-zone` with `id` when editing, `delete-zone`), or a state's fallback fee (`save-rate`, `delete-rate`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPermission(request, context, "delivery");
  const form = await readFormData(request);
  const refuse = (errors: FieldErrors, status = 400) => data(actionRefusal(errors), { status });
  const idText = form.get("id");
  const id = idText ? idSchema.safeParse(idText) : null;
  if (id && !id.success) return refuse({ form: "Bairro inválido" });
  switch (form.get("intent")) {
    case "save-zone": {
      const parsed = deliveryZoneFormSchema.safeParse(Object.fromEntries(["city", "state", "neighborhood", "feeCents", "freeAboveCents", "deliveryTime", "cutoff"].map((name) => [name, textOf(form, name)])));
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      const saved = await saveDeliveryZone(context.db, id?.data ?? null, parsed.data, user);
      if (!saved.ok) return refuse({ [saved.field]: saved.message }, saved.status);
      return redirect(`/admin/entregas?salvo=${encodeURIComponent(`${parsed.data.neighborhood} (${parsed.data.city})`)}`);
    }
    case "delete-zone": {
      if (!id) return refuse({ form: "Bairro inválido" });
      if (!(await deleteDeliveryZone(context.db, id.data, user))) return refuse({ form: "Bairro não encontrado" }, 404);
      return redirect("/admin/entregas");
    }
    case "save-rate": {
      const parsed = fallbackRateFormSchema.safeParse(Object.fromEntries(["state", "feeCents", "deliveryTime"].map((name) => [name, textOf(form, name)])));
      if (!parsed.success) return refuse(fieldErrors(parsed.error));
      await saveFallbackRate(context.db, parsed.data, user);
      return redirect(`/admin/entregas?salvo=${encodeURIComponent(`frete ${parsed.data.state}`)}`);
    }
    case "delete-rate": {
      const state = textOf(form, "state") ?? "";
      if (!(BRAZILIAN_STATES as readonly string[]).includes(state)) return refuse({ form: "Estado inválido" });
      if (!(await deleteFallbackRate(context.db, state, user))) return refuse({ form: "Estado não encontrado na tabela" }, 404);
      return redirect("/admin/entregas");
    }
    default:
      return refuse({ form: "Ação desconhecida." });
  }
}

export function meta() {
  return adminMeta("Entregas");
}

export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliveryPanel zones={loaderData.zones} rates={loaderData.rates} stores={loaderData.stores} result={actionData} />;
}
