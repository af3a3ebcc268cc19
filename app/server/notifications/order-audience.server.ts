// Which staff may hear of an order: everyone but a store-bound role (Vendedor), who hears only of the
// orders of their store, the same orders the admin's order queries show them (storeCondition in
// ../orders/admin-order-queries.server.ts). Used by what reaches staff without their asking: the pushes to
// their phones and the live order events of /admin.
import { sql, type SQL } from "drizzle-orm";
import { STAFF_ROLES, roleIsStoreBound } from "~/lib/staff/staff-roles";

const STORE_BOUND_ROLES = STAFF_ROLES.filter(roleIsStoreBound);

/**
 * The store an order belongs to (`orderId`: an SQL uuid; null when there is no such order): the store
 * that serves it, or, for an order recorded before stores held stock, the store it is picked up at.
 */
export function orderStoreIdSql(orderId: SQL): SQL {
  return sql`(select coalesce(o.fulfilling_store_id, o.pickup_location_id) from orders o where o.id = ${orderId})`;
}

/**
 * True when the staff account `user` (an SQL alias of users) may hear of order `orderId` (an SQL
 * uuid; null: no order, any staff): a role that is not store-bound, or a Vendedor of the order's store.
 * An account without a staff role hears nothing.
 */
export function staffHearsOfOrderSql(user: SQL, orderId: SQL): SQL {
  const storeBound = sql.join(
    STORE_BOUND_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`(${user}.staff_role is not null and (${orderId} is null or ${user}.staff_role not in (${storeBound}) or ${user}.staff_store_id = ${orderStoreIdSql(orderId)}))`;
}

/** True when the staff account `user` is a Vendedor (a store-bound role) of order `orderId`'s store. */
export function storeStaffOfOrderSql(user: SQL, orderId: SQL): SQL {
  const storeBound = sql.join(
    STORE_BOUND_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`(${user}.staff_role in (${storeBound}) and ${user}.staff_store_id = ${orderStoreIdSql(orderId)})`;
}
