// The JavaScript a shopper's browser downloads on the first page load of a route, read from React
// Router's client manifest (build/client/assets/manifest-*.js): the entry module and its imports,
// then, from the root down to the route, each route module and its imports. The server renders the
// same list as <link rel="modulepreload"> tags, so this is what the first load costs before any
// lazy import.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type ManifestModule = { module: string; imports?: string[] };
export type ManifestRoute = ManifestModule & { id: string; parentId?: string; path?: string; index?: boolean };
export type ClientManifest = { entry: ManifestModule; routes: Record<string, ManifestRoute>; version?: string };

/** The manifest object from the text of `manifest-*.js` (`window.__reactRouterManifest={…};`). */
function parseClientManifest(text: string): ClientManifest {
  const json = text.slice(text.indexOf("=") + 1).trim().replace(/;$/, "");
  const manifest = JSON.parse(json) as ClientManifest;
  if (!manifest.entry?.module || !manifest.routes) throw new Error("not a React Router client manifest");
  return manifest;
}

/** The route and its ancestors, root first. */
function routeChain(manifest: ClientManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  if (chain.length === 0) throw new Error(`no route "${routeId}" in the manifest`);
  return chain;
}

/** Every script of the route's first load, each once, in load order (the style sheet is in the page). */
export function firstLoadScripts(manifest: ClientManifest, routeId: string): string[] {
  const scripts = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of routeChain(manifest, routeId)) {
    for (const script of [route.module, ...(route.imports ?? [])]) scripts.add(script);
  }
  return [...scripts];
}

/** The URL path of a route (`/produto/:id`), from the paths of its ancestors. */
export function routeUrlPath(manifest: ClientManifest, routeId: string): string {
  const segments = routeChain(manifest, routeId)
    .map((route) => route.path ?? "")
    .filter(Boolean);
  return `/${segments.join("/")}`;
}

/** The pages of the layout `layoutId` (the storefront's), in manifest order. */
export function childRoutes(manifest: ClientManifest, layoutId: string): ManifestRoute[] {
  return Object.values(manifest.routes).filter((route) => route.parentId === layoutId);
}

/** The client manifest of a build (`build/client`); `entryModule` picks the one a running server uses. */
export function readClientManifest(clientDir: string, entryModule?: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  const candidates = fs.existsSync(assets) ? fs.readdirSync(assets).filter((name) => /^manifest-.*\.js$/.test(name)) : [];
  const manifests = candidates.map((name) => parseClientManifest(fs.readFileSync(path.join(assets, name), "utf8")));
  const manifest = entryModule ? manifests.find((candidate) => candidate.entry.module === entryModule) : manifests[0];
  if (!manifest) {
    throw new Error(
      entryModule
        ? `no manifest in ${assets} has the entry ${entryModule}: the server runs another build`
        : `no React Router manifest in ${assets}: run \`npm run build\` first`,
    );
  }
  return manifest;
}

/** Gzipped bytes of each file, at zlib's default level (what the server's `compression` sends). */
export function gzippedSizes(clientDir: string, files: string[]): Map<string, number> {
  return new Map(files.map((file) => [file, gzipSync(fs.readFileSync(path.join(clientDir, file))).length]));
}
