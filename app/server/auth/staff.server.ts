// Who is staff and with which role (Dono, Gerente, Vendedor) and store: the staff screen
// (/admin/equipe) and `npm run admin`. The roles' capabilities are in app/lib/staff/staff-roles.ts.
import { and, asc, eq } from "drizzle-orm";
import { storeLocations, users } from "#database/schema";
import { roleIsStoreBound, STAFF_ROLE_LABELS, type StaffRole } from "~/lib/staff/staff-roles";
import { STAFF_MESSAGES } from "~/lib/staff/staff-form.schema";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";

/** A role and, for a store-bound role (Vendedor), the store. */
export type StaffAccess = { staffRole: StaffRole; storeId: number | null };

export type StaffMember = { id: string; name: string; email: string; staffRole: StaffRole; storeId: number | null; storeName: string | null };

export type StaffChangeResult = { ok: true; message: string } | { ok: false; message: string; status: 400 | 403 | 404 | 409 };

export class StaffAccessError extends Error {}

/** Lower case, without accents or repeated spaces: "erick  calcados SIRINHAEM" finds "Erick Calçados Sirinhaém". */
function storeNameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR");
}

export async function listStores(db: DatabaseOrTransaction): Promise<{ id: number; name: string }[]> {
  return db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).orderBy(asc(storeLocations.position), asc(storeLocations.id));
}

/** The store called this (accents and case aside), or an error naming the stores there are. */
export async function storeByName(db: DatabaseOrTransaction, name: string): Promise<{ id: number; name: string }> {
  const stores = await listStores(db);
  const found = stores.find((store) => storeNameKey(store.name) === storeNameKey(name));
  if (found) return found;
  throw new StaffAccessError(`Loja não encontrada: "${name}". Lojas cadastradas: ${stores.map((store) => `"${store.name}"`).join(", ")}.`);
}

/** The access as it will be stored: a Vendedor needs an existing store, the other roles have none. */
export async function checkedAccess(db: DatabaseOrTransaction, access: StaffAccess): Promise<StaffAccess> {
  if (!roleIsStoreBound(access.staffRole)) return { staffRole: access.staffRole, storeId: null };
  if (access.storeId === null) throw new StaffAccessError(STAFF_MESSAGES.storeRequired);
  const [store] = await db.select({ id: storeLocations.id }).from(storeLocations).where(eq(storeLocations.id, access.storeId));
  if (!store) throw new StaffAccessError(STAFF_MESSAGES.storeUnknown);
  return access;
}

async function storeNameOf(db: DatabaseOrTransaction, storeId: number | null): Promise<string | null> {
  if (storeId === null) return null;
  const [store] = await db.select({ name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, storeId));
  return store?.name ?? null;
}

/** The store a store-bound member of staff works at, by name (for the panel's menu); null for the others. */
export async function staffStoreName(db: DatabaseOrTransaction, user: { staffStoreId: number | null }): Promise<string | null> {
  return storeNameOf(db, user.staffStoreId);
}

/** What the audit log records of an access. */
export async function auditedAccess(db: DatabaseOrTransaction, access: StaffAccess | null) {
  if (!access) return { role: "customer" };
  return { role: "admin", staffRole: access.staffRole, staffStore: await storeNameOf(db, access.storeId) };
}

export async function listStaffMembers(db: DatabaseOrTransaction): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, staffRole: users.staffRole, storeId: users.staffStoreId, storeName: storeLocations.name })
    .from(users)
    .leftJoin(storeLocations, eq(storeLocations.id, users.staffStoreId))
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.name), asc(users.email));
  return rows.flatMap((row) => (row.staffRole ? [{ ...row, staffRole: row.staffRole, storeName: row.storeName ?? null }] : []));
}

/**
 * Locks every Dono's row, so two changes that would each leave one Dono cannot both pass; true when
 * someone other than `userId` stays a Dono.
 */
async function anotherDonoRemains(tx: DatabaseOrTransaction, userId: string): Promise<boolean> {
  const donos = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.staffRole, "dono")))
    .orderBy(asc(users.id))
    .for("update");
  return donos.some((dono) => dono.id !== userId);
}

/**
 * Gives staff access (a customer becomes staff) or changes a member's role and store; audited. The
 * last Dono stays a Dono.
 */
export async function setStaffAccess(db: Database, actor: AuditActor, userId: string, wanted: StaffAccess): Promise<StaffChangeResult> {
  let access: StaffAccess;
  try {
    access = await checkedAccess(db, wanted);
  } catch (error) {
    if (error instanceof StaffAccessError) return { ok: false, message: error.message, status: 400 };
    throw error;
  }
  return db.transaction(async (tx) => {
    const donoKept = await anotherDonoRemains(tx, userId);
    const [previous] = await tx
      .select({ role: users.role, staffRole: users.staffRole, storeId: users.staffStoreId, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!previous) return { ok: false, message: STAFF_MESSAGES.notFound, status: 404 };
    if (previous.staffRole === "dono" && access.staffRole !== "dono" && !donoKept) return { ok: false, message: STAFF_MESSAGES.lastDono, status: 409 };
    await tx.update(users).set({ role: "admin", staffRole: access.staffRole, staffStoreId: access.storeId, updatedAt: new Date() }).where(eq(users.id, userId));
    const before = previous.role === "admin" && previous.staffRole ? { staffRole: previous.staffRole, storeId: previous.storeId } : null;
    await recordAdminChange(tx, actor, {
      action: before ? "user.staff_role" : "user.promote",
      entityType: "user",
      entityId: userId,
      entityLabel: previous.email,
      before: await auditedAccess(tx, before),
      after: await auditedAccess(tx, access),
    });
    return { ok: true, message: STAFF_MESSAGES.changed(previous.name, STAFF_ROLE_LABELS[access.staffRole]) };
  });
}

/** Takes the staff access away (the account stays, as a customer); audited. Never the last Dono's; an account without access is left as it is. */
export async function removeStaffAccess(db: Database, actor: AuditActor, userId: string): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const donoKept = await anotherDonoRemains(tx, userId);
    const [previous] = await tx
      .select({ staffRole: users.staffRole, storeId: users.staffStoreId, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!previous) return { ok: false, message: STAFF_MESSAGES.notFound, status: 404 };
    // Already without access (a second click, another Dono first): nothing to change or record.
    if (!previous.staffRole) return { ok: true, message: STAFF_MESSAGES.removed(previous.name) };
    if (previous.staffRole === "dono" && !donoKept) return { ok: false, message: STAFF_MESSAGES.lastDono, status: 409 };
    await tx.update(users).set({ role: "customer", staffRole: null, staffStoreId: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAdminChange(tx, actor, {
      action: "user.demote",
      entityType: "user",
      entityId: userId,
      entityLabel: previous.email,
      before: await auditedAccess(tx, { staffRole: previous.staffRole, storeId: previous.storeId }),
      after: { role: "customer" },
    });
    return { ok: true, message: STAFF_MESSAGES.removed(previous.name) };
  });
}

/** The account with this e-mail (stored lower-case), if any. */
export async function userIdByEmail(db: DatabaseOrTransaction, email: string): Promise<string | null> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return found?.id ?? null;
}
