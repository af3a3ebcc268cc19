// Client-safe pieces of /admin/clientes: URL state, the shapes the server sends, the role form's messages.
import { pageParam, searchParam } from "./admin-list";
import type { OrderStatus } from "./order-status";

export type CustomerFilters = { q: string; page: number };

export function parseCustomerFilters(searchParams: URLSearchParams): CustomerFilters {
  return { q: searchParam(searchParams), page: pageParam(searchParams) };
}

/** `?cliente={id}` opens that customer's detail over the list. */
export const CUSTOMER_PARAM = "cliente";

/** Account ids are letters, digits, `_` and `-` (Better Auth's, or a UUID); anything else names no one. */
export const ACCOUNT_ID_PATTERN = /^[\w-]{1,100}$/;

/** The customer `?cliente=` names, or null when it names no one. */
export function selectedCustomerId(searchParams: URLSearchParams): string | null {
  const id = searchParams.get(CUSTOMER_PARAM);
  return id && ACCOUNT_ID_PATTERN.test(id) ? id : null;
}

export type CustomerRole = "customer" | "admin";

export type CustomerRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  role: CustomerRole;
  createdAt: string;
  /** Orders that are not cancelled, and what they add up to. */
  totalOrders: number;
  totalSpentCents: number;
};

export type CustomerList = { customers: CustomerRow[]; total: number; page: number; pageCount: number };

export type CustomerDetail = {
  customer: CustomerRow & { address: string | null };
  /** All of the customer's orders, cancelled ones included, newest first. */
  orders: { id: string; code: string; createdAt: string; status: OrderStatus; totalCents: number }[];
};

export type CustomerRoleResult = { ok: boolean; message: string };

export const CUSTOMER_MESSAGES = {
  notYourself: "Você não pode alterar a sua própria permissão de administrador.",
  notFound: "Cliente não encontrado",
  promoted: (name: string) => `${name} agora é administrador.`,
  demoted: (name: string) => `${name} não é mais administrador.`,
} as const;
