import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";

type RoutePath = { pattern: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): RoutePath[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

/**
 * The admin's pages: routes under /admin whose module renders markup (resource routes are .ts), read
 * from app/routes.ts so that a page added there is checked without anyone listing it in a test.
 */
export const ADMIN_PAGES = [
  ...new Set(
    flatten(routeConfig as RouteConfigEntry[])
      // The layout and its index route share the pattern "admin".
      .filter((route) => (route.pattern === "admin" || route.pattern.startsWith("admin/")) && route.file.endsWith(".tsx") && !route.file.endsWith("/layout.tsx"))
      .map((route) => `/${route.pattern}`),
  ),
];
