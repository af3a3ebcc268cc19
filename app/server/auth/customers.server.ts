// /admin/clientes: the accounts, what each has ordered, and the admin role.
import { and, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { orders, users } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/admin-list";
import { CUSTOMER_MESSAGES, type CustomerDetail, type CustomerFilters, type CustomerList, type CustomerRole, type CustomerRoleResult } from "~/lib/admin-customers";
import { isOrderStatus } from "~/lib/order-status";
import { normalizeSearchText } from "~/lib/search-text";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { digitsOf, escapeLike, plainText } from "../db/sql-search.server";

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(normalizeSearchText(q))}%`;
  // E-mails are stored lower-case (Better Auth).
  const conditions: SQL[] = [sql`${plainText(users.name)} like ${pattern}`, sql`${users.email} like ${`%${escapeLike(q.toLowerCase())}%`}`];
  const digits = q.replace(/\D/g, "");
  if (digits.length >= 4) conditions.push(sql`${digitsOf(users.phone)} like ${`%${digits}%`}`);
  return or(...conditions);
}

/**
 * Per account: orders that are not cancelled, counted and summed in the database. Joined to the
 * accounts in the same statement, so a page of customers is one query however many there are.
 */
function orderTotals(db: DatabaseOrTransaction) {
  return db
    .select({
      userId: orders.userId,
      totalOrders: sql<number>`count(*)`.as("total_orders"),
      totalSpentCents: sql<number>`sum(${orders.totalCents})`.as("total_spent_cents"),
    })
    .from(orders)
    .where(and(ne(orders.status, "cancelled"), sql`${orders.userId} is not null`))
    .groupBy(orders.userId)
    .as("order_totals");
}

function customerColumns(totals: ReturnType<typeof orderTotals>) {
  return {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    image: users.image,
    role: users.role,
    address: users.address,
    createdAt: users.createdAt,
    totalOrders: sql<number>`coalesce(${totals.totalOrders}, 0)`.mapWith(Number),
    totalSpentCents: sql<number>`coalesce(${totals.totalSpentCents}, 0)`.mapWith(Number),
  };
}

type CustomerRecord = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  role: string;
  createdAt: Date;
  totalOrders: number;
  totalSpentCents: number;
};

function toRow(record: CustomerRecord) {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    phone: record.phone,
    image: record.image,
    role: (record.role === "admin" ? "admin" : "customer") as CustomerRole,
    createdAt: record.createdAt.toISOString(),
    totalOrders: record.totalOrders,
    totalSpentCents: record.totalSpentCents,
  };
}

/** One page of accounts, newest first, with their order totals and the number of matches: one query. */
export async function listCustomers(db: DatabaseOrTransaction, filters: CustomerFilters): Promise<CustomerList> {
  const totals = orderTotals(db);
  const rows = await db
    .select({ ...customerColumns(totals), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .leftJoin(totals, eq(totals.userId, users.id))
    .where(searchCondition(filters.q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_PAGE_SIZE);
  const total = rows[0]?.total ?? 0;
  return { customers: rows.map(toRow), total, page: filters.page, pageCount: pageCount(total) };
}

/** Whether any account exists (to tell 'Nenhum cliente cadastrado' from 'Nenhum cliente encontrado'). */
export async function hasAnyCustomer(db: DatabaseOrTransaction): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(row);
}

/** One account with its profile, totals and every order it placed, newest first; null when unknown. */
export async function getCustomerDetail(db: DatabaseOrTransaction, id: string): Promise<CustomerDetail | null> {
  const totals = orderTotals(db);
  const [record] = await db.select(customerColumns(totals)).from(users).leftJoin(totals, eq(totals.userId, users.id)).where(eq(users.id, id));
  if (!record) return null;
  const orderRows = await db
    .select({ id: orders.id, code: orders.code, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return {
    customer: { ...toRow(record), address: record.address },
    orders: orderRows.map((row) => ({
      id: row.id,
      code: row.code,
      createdAt: row.createdAt.toISOString(),
      status: isOrderStatus(row.status) ? row.status : "pending",
      totalCents: row.totalCents,
    })),
  };
}

/**
 * Makes an account admin or customer. Nobody changes their own role: an admin cannot lock
 * themselves out, and there is always at least one admin left (the one acting).
 */
export async function setCustomerRole(db: Database, actor: AuditActor, userId: string, role: CustomerRole): Promise<CustomerRoleResult> {
  if (actor.id === userId) return { ok: false, message: CUSTOMER_MESSAGES.notYourself };
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ name: users.name, email: users.email });
    if (!previous || !updated) return { ok: false, message: CUSTOMER_MESSAGES.notFound };
    await recordAdminChange(tx, actor, {
      action: role === "admin" ? "user.promote" : "user.demote",
      entityType: "user",
      entityId: userId,
      entityLabel: updated.email,
      before: { role: previous.role },
      after: { role },
    });
    return { ok: true, message: role === "admin" ? CUSTOMER_MESSAGES.promoted(updated.name) : CUSTOMER_MESSAGES.demoted(updated.name) };
  });
}
