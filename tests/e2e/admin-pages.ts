import { expect, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";
import { gotoHydrated } from "./hydration";

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

/** A counter sale's id: one unit of the first product found for "relogio", sold by PIX through the counter's form at a store that holds it. */
async function counterSaleId(page: Page): Promise<string> {
  const screen = await (await page.request.get("/admin/balcao")).text();
  for (const [, storeId] of screen.matchAll(/<option value="(\d+)"/g)) {
    const found = (await (await page.request.get(`/admin/balcao/produtos?loja=${storeId}&q=relogio`)).json()) as {
      products: { id: number; variants: { size: string; color: string; stock: number }[] }[];
    };
    const product = found.products[0];
    const variant = product?.variants.find((candidate) => candidate.stock > 0);
    if (product && variant) return sellOne(page, storeId!, product.id, variant);
  }
  return "";
}

async function sellOne(page: Page, storeId: string, productId: number, variant: { size: string; color: string }): Promise<string> {
  const sale = await page.request.post("/admin/balcao", {
    form: {
      storeId,
      saleKey: `admin-pages-${Date.now()}-${Math.random()}`,
      lines: JSON.stringify([{ productId, size: variant.size || null, color: variant.color || null, quantity: 1 }]),
      payment: "pix",
    },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  // A PIX sale goes on to its PIX screen (/admin/balcao/pix/{id}); its receipt is at /admin/balcao/recibo/{id}.
  return (sale.headers()["location"] ?? "").split("/").pop() ?? "";
}

/**
 * A URL for each admin page, in a signed-in admin's `page`: the routes with a parameter get a real one
 * (the first product the list shows, or finds for `productSearch`, and the newest order); a new route
 * with a parameter needs one here.
 */
export async function adminPageUrls(page: Page, { productSearch = "" } = {}): Promise<string[]> {
  await gotoHydrated(page, `/admin/produtos${productSearch ? `?q=${encodeURIComponent(productSearch)}` : ""}`);
  const editHref = await page.getByRole("link", { name: "Editar" }).first().getAttribute("href");
  await gotoHydrated(page, "/admin/pedidos");
  const orderHref = await page.getByTestId("order-row").first().getByRole("link").getAttribute("href");
  const saleId = await counterSaleId(page);
  const samples: Record<string, string> = {
    "/admin/produtos/editar/:id": editHref ?? "",
    "/admin/pedidos/:id": orderHref ?? "",
    "/admin/balcao/recibo/:id": saleId && `/admin/balcao/recibo/${saleId}`,
    "/admin/balcao/pix/:id": saleId && `/admin/balcao/pix/${saleId}`,
  };
  return ADMIN_PAGES.map((pattern) => {
    const url = pattern.includes(":") ? samples[pattern] : pattern;
    expect(url, `a sample URL for ${pattern}`).toBeTruthy();
    return url!;
  });
}
