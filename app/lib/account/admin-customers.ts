// Client-safe pieces of /admin/clientes: URL state, the shapes the server sends, the role form's messages.
import type { ActionResult } from "../forms/action-result";
import { pageParam, searchParam } from "../lists/admin-list";
import type { OrderStatus } from "../orders/order-status";

export type CustomerFilters = { q: string; page: number };

export function parseCustomerFilters(searchParams: URLSearchParams): CustomerFilters {
  return { q: searchParam(searchParams), page: pageParam(searchParams) };
}

/** `?cliente={key}` opens that customer's detail over the list. */
export const CUSTOMER_PARAM = "cliente";

/** Account ids are letters, digits, `_` and `-` (Better Auth's, or a UUID); anything else names no one. */
export const ACCOUNT_ID_PATTERN = /^[\w-]{1,100}$/;

/**
 * Who a customer is: their account's id, or, for people who ordered without one, the phone they gave
 * (`tel:` and its digits without the 55) or else their e-mail (`email:` and the address).
 */
const CUSTOMER_KEY_PATTERN = /^(?:tel:\d{8,13}|email:[^\s@]{1,64}@[^\s@]{1,190}|[\w-]{1,100})$/;

/** The customer `?cliente=` names, or null when it names no one. */
export function selectedCustomerId(searchParams: URLSearchParams): string | null {
  const id = searchParams.get(CUSTOMER_PARAM);
  return id && CUSTOMER_KEY_PATTERN.test(id) ? id : null;
}

export type CustomerRole = "customer" | "admin";

/**
 * A person who orders, with or without an account (merged with the account whose e-mail or saved
 * phone their orders give), or a member of staff. Unknown parts are "" (name, e-mail) or null.
 */
export type CustomerRow = {
  /** The account's id, or `tel:…` / `email:…` for someone without one (CUSTOMER_KEY_PATTERN). */
  id: string;
  hasAccount: boolean;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  role: CustomerRole;
  /** The account's creation, or the first order of someone without one. */
  createdAt: string;
  /** Orders that are not cancelled, and what they add up to. */
  totalOrders: number;
  totalSpentCents: number;
  /** The newest order, cancelled ones included; null for an account that never ordered. */
  lastOrderAt: string | null;
};

/** What a row is called: the name, else the e-mail, else the phone. */
export function customerLabel(customer: Pick<CustomerRow, "name" | "email" | "phone">): string {
  return customer.name || customer.email || customer.phone || "Cliente";
}

export type CustomerList = { customers: CustomerRow[]; total: number; page: number; pageCount: number };

export type CustomerDetail = {
  customer: CustomerRow & { address: string | null };
  /** All of the customer's orders, cancelled ones included, newest first. */
  orders: { id: string; code: string; createdAt: string; status: OrderStatus; deliveryMethod: string; totalCents: number }[];
};

/** The role form's answer: a success's line, or a refusal's (`errors.form`). */
export type CustomerRoleResult = ActionResult;

export const CUSTOMER_MESSAGES = {
  notYourself: "Você não pode alterar a sua própria permissão de administrador.",
  notFound: "Cliente não encontrado",
  promoted: (name: string) => `${name} agora é administrador.`,
  demoted: (name: string) => `${name} não é mais administrador.`,
} as const;
