// The page cache's addresses as the app's routes declare them (server/cached-pages.ts), read from
// app/routes.ts and the route modules' `handle`, as the server reads them from its build.
import path from "node:path";
import { cachedPagesOf, type CachedPages } from "../../server/cached-pages";
import { allRoutes } from "./http-app";

export async function storefrontCachedPages(): Promise<CachedPages> {
  const routes = await Promise.all(
    allRoutes().map(async (route) => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as { handle?: unknown };
      return { id: route.id, path: route.pattern, handle: module.handle };
    }),
  );
  return cachedPagesOf(routes);
}
