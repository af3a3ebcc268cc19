import { PAGE_PARAM } from "./page-param";
import { searchQuery } from "../format/search-text";

/** URL state shared by the paginated admin lists (orders, customers): `?q=…&pagina=2`. */
export const ADMIN_PAGE_SIZE = 20;

const MAX_QUERY_LENGTH = 100;

/** The 1-based page asked for; anything odd is page 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get(PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** The search text, cleaned as the storefront's (no control characters, capped). */
export function searchParam(searchParams: URLSearchParams, name = "q"): string {
  return searchQuery(searchParams.get(name), MAX_QUERY_LENGTH);
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

/** `?…` with some parameters changed (null removes one); page 1 and empty values are left out. */
export function withParams(searchParams: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(searchParams);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === PAGE_PARAM && Number(value) === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}
