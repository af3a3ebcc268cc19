// /admin/configuracoes: the settings document and the store locations, read and saved together.
import { asc, eq, inArray } from "drizzle-orm";
import { settings as settingsTable, storeLocations, users } from "#database/schema";
import type { SettingsFormOutput } from "~/lib/group/settings-form.schema";
import type { EditableLocation, Settings } from "~/lib/group/settings";
import { recordAdminChange, type AuditActor } from "./audit-log.server";
import type { Database } from "../db/database.server";
import { getSettings } from "./settings.server";

/** A save that cannot be applied as sent (a store location that no longer exists). */
export class SettingsSaveError extends Error {}

export type SettingsPage = {
  settings: Settings;
  locations: EditableLocation[];
  /** When and by whom the settings were last saved; null before the first save from the admin. */
  lastSaved: { at: string; by: string | null } | null;
};

export async function loadSettingsPage(db: Database): Promise<SettingsPage> {
  const [settings, locations, [row]] = await Promise.all([
    getSettings(db),
    db
      .select({
        id: storeLocations.id,
        name: storeLocations.name,
        address: storeLocations.address,
        phone: storeLocations.phone,
        whatsapp: storeLocations.whatsapp,
        hours: storeLocations.hours,
        lat: storeLocations.lat,
        lng: storeLocations.lng,
        servesOnline: storeLocations.servesOnline,
      })
      .from(storeLocations)
      .orderBy(asc(storeLocations.position), asc(storeLocations.id)),
    db
      .select({ updatedAt: settingsTable.updatedAt, updatedBy: settingsTable.updatedBy, name: users.name, email: users.email })
      .from(settingsTable)
      .leftJoin(users, eq(users.id, settingsTable.updatedBy))
      .where(eq(settingsTable.id, 1)),
  ]);
  return {
    settings,
    locations,
    lastSaved: row?.updatedBy ? { at: row.updatedAt.toISOString(), by: row.name || row.email || null } : null,
  };
}

/**
 * Writes the whole settings document and the edited store locations in one transaction, recording
 * when and by which admin (and, in the audit log, what changed): either everything is saved or nothing is.
 */
export async function saveSettings(db: Database, input: SettingsFormOutput, actor: AuditActor & { id: string }): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [previous] = await tx.select({ data: settingsTable.data }).from(settingsTable).where(eq(settingsTable.id, 1)).for("update");
    const ids = input.locations.map((location) => location.id);
    const previousLocations = ids.length ? await tx.select().from(storeLocations).where(inArray(storeLocations.id, ids)).for("update") : [];
    await tx
      .insert(settingsTable)
      .values({ id: 1, data: input.settings, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: settingsTable.id, set: { data: input.settings, updatedAt: now, updatedBy: actor.id } });
    await recordAdminChange(tx, actor, {
      action: "settings.update",
      entityType: "settings",
      entityId: 1,
      entityLabel: "Configurações da loja",
      before: (previous?.data as Record<string, unknown> | undefined) ?? {},
      after: input.settings,
    });
    for (const { id, ...sent } of input.locations) {
      // A form without the 'Vende no site' box leaves it as it is.
      const location = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Omit<typeof sent, "servesOnline"> & { servesOnline?: boolean };
      const updated = await tx.update(storeLocations).set(location).where(eq(storeLocations.id, id)).returning({ id: storeLocations.id });
      if (updated.length === 0) throw new SettingsSaveError(`store location ${id} does not exist`);
      const before = previousLocations.find((row) => row.id === id)!;
      await recordAdminChange(tx, actor, {
        action: "store_location.update",
        entityType: "store_location",
        entityId: id,
        entityLabel: location.name,
        before: Object.fromEntries(Object.keys(location).map((field) => [field, before[field as keyof typeof before]])),
        after: location,
      });
    }
  });
}
