// The admin audit log: who changed what, when, from what to what. The domain functions that make an
// admin change call recordAdminChange inside their own transaction, so a change that rolls back
// leaves no entry and an entry never lacks its change. /admin/auditoria reads it with listAuditLog.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { auditLog, orders } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/lists/admin-list";
import type { AuditAction, AuditChange, AuditEntityType, AuditLogPage } from "~/lib/admin/audit-log";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Who acted: a signed-in admin (CurrentUser fits), or the command line / server start (no account). */
export type AuditActor = { id: string | null; name: string; email: string };

type Fields = Record<string, unknown>;

export type AdminChange = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  /** What the entity is called now (product name, order code, e-mail): it may be deleted later. */
  entityLabel: string;
  /** Null for a creation. */
  before: Fields | null;
  /** Null for a deletion. */
  after: Fields | null;
};

/**
 * Key order does not count: PostgreSQL's jsonb hands objects back with their keys reordered, so a
 * settings document read back and the same one from the form must compare equal.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The row to insert for one change, or null when an update changed nothing. */
function entryOf(actor: AuditActor, change: AdminChange): typeof auditLog.$inferInsert | null {
  let { before, after } = change;
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => canonical(before![field]) !== canonical(after![field]));
    if (fields.length === 0) return null;
    before = Object.fromEntries(fields.map((field) => [field, before![field] ?? null]));
    after = Object.fromEntries(fields.map((field) => [field, after![field] ?? null]));
  }
  return {
    actorUserId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === null ? null : String(change.entityId),
    entityLabel: change.entityLabel,
    before,
    after,
  };
}

/**
 * Records one admin change, keeping only the fields that differ between before and after. A save
 * that changed nothing is not recorded (false). Callers pass only the fields an admin edits: never
 * password hashes, tokens or other secrets.
 */
export async function recordAdminChange(tx: DatabaseOrTransaction, actor: AuditActor, change: AdminChange): Promise<boolean> {
  const entry = entryOf(actor, change);
  if (!entry) return false;
  await tx.insert(auditLog).values(entry);
  return true;
}

/** Rows per INSERT: 9 parameters each, well under PostgreSQL's 65,535 per statement. */
const BATCH_ROWS = 1_000;

/** recordAdminChange for many changes at once (a CSV import of thousands of rows); per change, whether it was recorded. */
export async function recordAdminChanges(tx: DatabaseOrTransaction, actor: AuditActor, changes: AdminChange[]): Promise<boolean[]> {
  const byChange = changes.map((change) => entryOf(actor, change));
  const entries = byChange.flatMap((entry) => entry ?? []);
  for (let start = 0; start < entries.length; start += BATCH_ROWS) {
    await tx.insert(auditLog).values(entries.slice(start, start + BATCH_ROWS));
  }
  return byChange.map((entry) => entry !== null);
}

/** before → after per field, in the order they were recorded. */
function changesOf(before: unknown, after: unknown): AuditChange[] {
  const asFields = (value: unknown): Fields => (value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {});
  const b = asFields(before);
  const a = asFields(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

/** One page of the log, newest first, optionally of one kind of entity. */
export async function listAuditLog(
  db: DatabaseOrTransaction,
  filters: { entityType: AuditEntityType | null },
  page: number,
): Promise<AuditLogPage> {
  const where = filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = totalRow?.total ?? 0;
  const pages = pageCount(total);
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select({ entry: auditLog, orderDeliveryMethod: orders.deliveryMethod })
    .from(auditLog)
    // An order's status reads by its delivery method ('Pronto para retirada' for a pick-up order).
    .leftJoin(orders, and(eq(auditLog.entityType, "order"), eq(sql`${orders.id}::text`, auditLog.entityId)))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((current - 1) * ADMIN_PAGE_SIZE);
  return {
    entries: rows.map(({ entry: row, orderDeliveryMethod }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorName: row.actorName,
      actorEmail: row.actorEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      entityLabel: row.entityLabel,
      kind: row.before === null ? "create" : row.after === null ? "delete" : "update",
      changes: changesOf(row.before, row.after),
      orderDeliveryMethod,
    })),
    total,
    page: current,
    pageCount: pages,
  };
}
