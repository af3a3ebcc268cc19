// /admin/clientes: the people who order, with or without an account, what each has ordered, and the
// staff accounts with their admin role.
import { actionRefusal, actionSuccess } from "~/lib/forms/action-result";
import { type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/lists/admin-list";
import { CUSTOMER_MESSAGES, type CustomerDetail, type CustomerFilters, type CustomerList, type CustomerRole, type CustomerRoleResult, type CustomerRow } from "~/lib/account/admin-customers";
import { isOrderStatus } from "~/lib/orders/order-status";
import { normalizeSearchText } from "~/lib/format/search-text";
import type { AuditActor } from "../group/audit-log.server";
import { removeStaffAccess, setStaffAccess } from "./staff.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { digitsOf, escapeLike, plainText } from "../db/sql-search.server";
import { phoneKey } from "#database/contact-keys";

/**
 * Who each order belongs to, and the people that makes (the relation `people`, one row per account
 * and per person without one). An order is its account's when placed signed in as a customer, or
 * when its e-mail or phone is an account's (e-mail first; the oldest account of a shared phone);
 * otherwise it is a person of its own, known by phone, else by e-mail. A clerk's order for someone at
 * the counter is that person's; an order with neither, placed by staff, is the staff account's, and
 * one with nothing at all is nobody's. Computed in one statement with hash joins over the orders,
 * whose phone and e-mail keys PostgreSQL keeps in generated columns (#database/contact-keys).
 * `candidates` narrows the orders looked at to those that can be one person's (customerOrders).
 */
function people(candidates: SQL = sql`true`): SQL {
  return sql`
  order_contacts as (
    select o.id, o.code, o.user_id, o.status, o.total_cents, o.created_at, o.customer_name,
      nullif(btrim(o.customer_phone), '') as phone,
      o.customer_email_key as email_key,
      o.customer_phone_key as phone_key
    from orders o
    where ${candidates}
  ),
  account_phones as (
    select distinct on (phone_key) phone_key, id
    from (select id, created_at, ${phoneKey(sql`phone`)} as phone_key from users) accounts
    where phone_key is not null
    order by phone_key, created_at, id
  ),
  attributed as (
    select oc.*,
      case
        when by_user.id is not null then by_user.id
        when by_email.id is not null then by_email.id
        when by_phone.id is not null then by_phone.id
        when oc.phone_key is not null then 'tel:' || oc.phone_key
        when oc.email_key is not null then 'email:' || oc.email_key
        else oc.user_id
      end as customer_key
    from order_contacts oc
    left join users by_user on by_user.id = oc.user_id and by_user.role = 'customer'
    left join users by_email on by_email.email = oc.email_key
    left join account_phones by_phone on by_phone.phone_key = oc.phone_key
  ),
  totals as (
    select customer_key,
      count(*) filter (where status <> 'cancelled')::int as total_orders,
      coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0)::bigint as total_spent_cents,
      max(created_at) as last_order_at,
      min(created_at) as first_order_at,
      (array_agg(customer_name order by created_at desc) filter (where customer_name <> ''))[1] as name,
      (array_agg(email_key order by created_at desc) filter (where email_key is not null))[1] as email,
      (array_agg(phone order by created_at desc) filter (where phone is not null))[1] as phone
    from attributed
    where customer_key is not null
    group by customer_key
  ),
  people as (
    select u.id as key, true as has_account, u.role, u.name, u.email, coalesce(u.phone, t.phone) as phone, u.image, u.address,
      u.created_at as since, coalesce(t.total_orders, 0) as total_orders, coalesce(t.total_spent_cents, 0) as total_spent_cents, t.last_order_at
    from users u
    left join totals t on t.customer_key = u.id
    union all
    select t.customer_key, false, 'customer', coalesce(t.name, ''), coalesce(t.email, ''), t.phone, null, null,
      t.first_order_at, t.total_orders, t.total_spent_cents, t.last_order_at
    from totals t
    where t.customer_key like 'tel:%' or t.customer_key like 'email:%'
  )`;
}

const PEOPLE = people();

/**
 * The orders that can be the person `key`'s (by the keys' indexes): a person without an account is
 * their phone or e-mail key; an account, its own orders and those with its e-mail or phone.
 */
function candidateOrders(key: string): SQL {
  if (key.startsWith("tel:")) return sql`o.customer_phone_key = ${key.slice(4)}`;
  if (key.startsWith("email:")) return sql`o.customer_email_key = ${key.slice(6)}`;
  return sql`(o.user_id = ${key}
    or o.customer_email_key = (select email from users where id = ${key})
    or o.customer_phone_key = (select ${phoneKey(sql`phone`)} from users where id = ${key}))`;
}

type PersonRecord = {
  key: string;
  has_account: boolean;
  role: string;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  address: string | null;
  since: Date | string;
  total_orders: number | string;
  total_spent_cents: number | string;
  last_order_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toRow(record: PersonRecord): CustomerRow {
  return {
    id: record.key,
    hasAccount: record.has_account,
    name: record.name,
    email: record.email,
    phone: record.phone,
    image: record.image,
    role: record.role === "admin" ? "admin" : "customer",
    createdAt: iso(record.since),
    totalOrders: Number(record.total_orders),
    totalSpentCents: Number(record.total_spent_cents),
    lastOrderAt: record.last_order_at === null ? null : iso(record.last_order_at),
  };
}

/** By name (without accents), e-mail, or 4+ digits of the phone. */
function searchCondition(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = `%${escapeLike(normalizeSearchText(q))}%`;
  const conditions: SQL[] = [sql`${plainText(sql`name`)} like ${pattern}`, sql`lower(email) like ${`%${escapeLike(q.toLowerCase())}%`}`];
  const digits = q.replace(/\D/g, "");
  if (digits.length >= 4) conditions.push(sql`${digitsOf(sql`phone`)} like ${`%${digits}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * One page of customers (staff left out), whoever ordered last first, then accounts that never
 * ordered, newest first; with their totals and the number of matches: one query.
 */
export async function listCustomers(db: DatabaseOrTransaction, filters: CustomerFilters): Promise<CustomerList> {
  const { rows } = await db.execute<PersonRecord & { total: number }>(sql`
    with ${PEOPLE}
    select *, count(*) over ()::int as total
    from people
    where role = 'customer' and ${searchCondition(filters.q)}
    order by last_order_at desc nulls last, since desc, key desc
    limit ${ADMIN_PAGE_SIZE} offset ${(filters.page - 1) * ADMIN_PAGE_SIZE}`);
  const total = Number(rows[0]?.total ?? 0);
  return { customers: rows.map(toRow), total, page: filters.page, pageCount: pageCount(total) };
}

/** The staff (admin accounts) matching the search, oldest first: a handful, shown apart and never counted as customers. */
export async function listStaff(db: DatabaseOrTransaction, q: string): Promise<CustomerRow[]> {
  const { rows } = await db.execute<PersonRecord>(sql`
    with ${PEOPLE}
    select * from people where role = 'admin' and ${searchCondition(q)} order by since, key limit 100`);
  return rows.map(toRow);
}

/**
 * The customers the dashboard counts: the same people as the list (customer accounts, and the
 * people without one that orders make), without the totals the list shows.
 */
export async function countCustomers(db: DatabaseOrTransaction): Promise<number> {
  const { rows } = await db.execute<{ customers: number }>(sql`
    with ${PEOPLE}
    select (select count(*) from users where role = 'customer')
      + (select count(distinct customer_key) from attributed where customer_key like 'tel:%' or customer_key like 'email:%') as customers`);
  return Number(rows[0]?.customers ?? 0);
}

/** Whether anyone ordered or has an account (to tell 'Nenhum cliente cadastrado' from 'Nenhum cliente encontrado'). */
export async function hasAnyCustomer(db: DatabaseOrTransaction): Promise<boolean> {
  return (await countCustomers(db)) > 0;
}

/** One customer (or staff account) with its profile, totals and every order that is theirs, newest first; null when unknown. */
export async function getCustomerDetail(db: DatabaseOrTransaction, key: string): Promise<CustomerDetail | null> {
  const theirs = people(candidateOrders(key));
  const [person, orderRows] = await Promise.all([
    db.execute<PersonRecord>(sql`with ${theirs} select * from people where key = ${key}`),
    db.execute<{ id: string; code: string; created_at: Date | string; status: string; total_cents: number; delivery_method: string }>(sql`
      with ${theirs}
      select a.id, a.code, a.created_at, a.status, a.total_cents, o.delivery_method
      from attributed a join orders o on o.id = a.id
      where a.customer_key = ${key} order by a.created_at desc, a.id desc`),
  ]);
  const record = person.rows[0];
  if (!record) return null;
  return {
    customer: { ...toRow(record), address: record.address },
    orders: orderRows.rows.map((row) => ({
      id: row.id,
      code: row.code,
      createdAt: iso(row.created_at),
      status: isOrderStatus(row.status) ? row.status : "pending",
      deliveryMethod: row.delivery_method,
      totalCents: Number(row.total_cents),
    })),
  };
}

/**
 * From the customers screen (a Dono only): makes an account staff, as a Gerente (the staff screen
 * changes the role), or a customer again. Nobody changes their own role, and the last Dono stays.
 */
export async function setCustomerRole(db: Database, actor: AuditActor, userId: string, role: CustomerRole): Promise<CustomerRoleResult> {
  if (actor.id === userId) return actionRefusal(CUSTOMER_MESSAGES.notYourself);
  const result = role === "admin" ? await setStaffAccess(db, actor, userId, { staffRole: "gerente", storeId: null }) : await removeStaffAccess(db, actor, userId);
  if (!result.ok && result.status === 404) return actionRefusal(CUSTOMER_MESSAGES.notFound);
  return result.ok ? actionSuccess(result.message) : actionRefusal(result.message);
}
