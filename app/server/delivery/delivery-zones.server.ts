import { asc, eq } from "drizzle-orm";
import { deliveryZones, shippingFallbackRates } from "#database/schema";
import type { DeliveryZoneForm, FallbackRateForm } from "~/lib/delivery/delivery-zones.schema";
import { samePlace, type DeliveryZone } from "~/lib/delivery/zones";
import type { DatabaseOrTransaction, Database } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";

export type FallbackRate = { state: string; feeCents: number; deliveryTime: string };

/** Every bairro the shop delivers to, by town then bairro. */
export function listDeliveryZones(db: DatabaseOrTransaction): Promise<DeliveryZone[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.city), asc(deliveryZones.neighborhood));
}

/** The fallback table by state. */
export function listFallbackRates(db: DatabaseOrTransaction): Promise<FallbackRate[]> {
  return db.select().from(shippingFallbackRates).orderBy(asc(shippingFallbackRates.state));
}

export async function fallbackRateFor(db: DatabaseOrTransaction, state: string): Promise<FallbackRate | null> {
  const [row] = await db.select().from(shippingFallbackRates).where(eq(shippingFallbackRates.state, state));
  return row ?? null;
}

export type SaveResult = { ok: true } | { ok: false; field: string; message: string; status: 404 | 409 };

/** Creates (id null) or changes a bairro; the same town and bairro twice is refused with a message. */
export async function saveDeliveryZone(db: Database, id: number | null, form: DeliveryZoneForm, actor: AuditActor): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    // The list is a few dozen rows: compared here as the checkout compares them (case and accents
    // ignored), so "Sirinhaem" joins Sirinhaém with its spelling instead of making a second town.
    // Locked, so two saves at once cannot both add the same bairro.
    const others = (await tx.select().from(deliveryZones).for("update")).filter((zone) => zone.id !== id);
    const town = others.find((zone) => samePlace(zone.city, form.city) && zone.state === form.state);
    if (town) form = { ...form, city: town.city };
    const clash = others.find((zone) => samePlace(zone.city, form.city) && samePlace(zone.neighborhood, form.neighborhood));
    if (clash) return { ok: false, field: "neighborhood", message: `${form.neighborhood} (${form.city}) já está na lista`, status: 409 };
    if (id === null) {
      const [created] = await tx.insert(deliveryZones).values(form).returning();
      await recordAdminChange(tx, actor, { action: "delivery.zone_save", entityType: "delivery", entityId: created!.id, entityLabel: `${form.neighborhood} — ${form.city}`, before: null, after: form });
      return { ok: true };
    }
    const [before] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for("update");
    if (!before) return { ok: false, field: "form", message: "Bairro não encontrado", status: 404 };
    await tx.update(deliveryZones).set(form).where(eq(deliveryZones.id, id));
    const { id: _id, ...previous } = before;
    await recordAdminChange(tx, actor, { action: "delivery.zone_save", entityType: "delivery", entityId: id, entityLabel: `${form.neighborhood} — ${form.city}`, before: previous, after: form });
    return { ok: true };
  });
}

export async function deleteDeliveryZone(db: Database, id: number, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning();
    if (!removed) return false;
    const { id: _id, ...previous } = removed;
    await recordAdminChange(tx, actor, { action: "delivery.zone_delete", entityType: "delivery", entityId: id, entityLabel: `${removed.neighborhood} — ${removed.city}`, before: previous, after: null });
    return true;
  });
}

/** Sets a state's fallback fee (one line per state). */
export async function saveFallbackRate(db: Database, form: FallbackRateForm, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingFallbackRates).where(eq(shippingFallbackRates.state, form.state)).for("update");
    await tx
      .insert(shippingFallbackRates)
      .values(form)
      .onConflictDoUpdate({ target: shippingFallbackRates.state, set: { feeCents: form.feeCents, deliveryTime: form.deliveryTime } });
    await recordAdminChange(tx, actor, { action: "delivery.rate_save", entityType: "delivery", entityId: form.state, entityLabel: `Frete ${form.state}`, before: before ?? null, after: form });
  });
}

export async function deleteFallbackRate(db: Database, state: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(shippingFallbackRates).where(eq(shippingFallbackRates.state, state)).returning();
    if (!removed) return false;
    await recordAdminChange(tx, actor, { action: "delivery.rate_delete", entityType: "delivery", entityId: state, entityLabel: `Frete ${state}`, before: removed, after: null });
    return true;
  });
}
