// The layout's import rules (eslint.config.js) can fail: each probe breaks one rule from a file where
// it applies and must get that rule's message; the same imports where they are allowed get none.
// Probes are linted as text under the paths named, so no probe file exists in app/.
import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { COMPONENT_STACK, LIB_STACK } from "../../eslint.config.js";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

/** The messages of the import restriction rule for `source` linted as if it were `file`. */
async function restrictions(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.resolve(import.meta.dirname, "../..", file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
}

const BROWSER_CODE = /never import app\/server, a route or the database schema/;
const ANOTHER_ROUTE = /A route never imports another route/;
const SERVER_ONLY = /Server-only code/;
const ZOD = /Import z from ~\/lib\/forms\/validation/;

describe("components and app/lib never import app/server, a route or the database schema", () => {
  it.each([
    ["app/components/product/probe.tsx", 'import type { ProductDetail } from "~/server/catalog/products.server";'],
    ["app/components/product/probe.tsx", 'import { getProduct } from "../../server/catalog/products.server";'],
    ["app/lib/probe.ts", 'import { products } from "#database/schema";'],
    ["app/lib/probe.ts", 'import { loader } from "~/routes/storefront/home";'],
    ["app/components/layout/probe.tsx", 'import Home from "../../routes/storefront/home";'],
  ])("%s: %s", async (file, source) => {
    expect(await restrictions(file, source)).toEqual([expect.stringMatching(BROWSER_CODE)]);
  });

  it("the same imports are allowed in a route and in app/server", async () => {
    expect(await restrictions("app/routes/storefront/probe.tsx", 'import { getProduct } from "~/server/catalog/products.server";')).toEqual([]);
    expect(await restrictions("app/server/catalog/probe.server.ts", 'import { products } from "#database/schema";')).toEqual([]);
    expect(await restrictions("app/components/product/probe.tsx", 'import type { ProductDetail } from "~/lib/catalog/catalog";')).toEqual([]);
  });
});

describe("a route never imports another route", () => {
  it.each([
    'import { loader } from "~/routes/storefront/home";',
    'import { RELATED_LIMIT } from "./product";',
    'import { action } from "../account/login";',
  ])("%s", async (source) => {
    expect(await restrictions("app/routes/storefront/probe.tsx", source)).toEqual([expect.stringMatching(ANOTHER_ROUTE)]);
  });

  it("its own generated types are allowed", async () => {
    expect(await restrictions("app/routes/storefront/probe.tsx", 'import type { Route } from "./+types/probe";')).toEqual([]);
  });
});

describe("nothing in app/ outside app/server imports server-only packages or Node built-ins", () => {
  it.each([
    ["app/routes/admin/probe.tsx", 'import pg from "pg";'],
    ["app/routes/admin/probe.tsx", 'import { eq } from "drizzle-orm";'],
    ["app/components/admin/probe.tsx", 'import sharp from "sharp";'],
    ["app/lib/probe.ts", 'import nodemailer from "nodemailer";'],
    ["app/lib/probe.ts", 'import fs from "node:fs";'],
    ["app/lib/probe.ts", 'import path from "path";'],
    ["app/probe.tsx", 'import { randomBytes } from "node:crypto";'],
    ["app/entry.server.tsx", 'import { drizzle } from "drizzle-orm/node-postgres";'],
  ])("%s: %s", async (file, source) => {
    expect(await restrictions(file, source)).toEqual(expect.arrayContaining([expect.stringMatching(SERVER_ONLY)]));
  });

  it("app/server may; the server entry may use Node's streams", async () => {
    expect(await restrictions("app/server/db/probe.server.ts", 'import pg from "pg";\nimport fs from "node:fs";')).toEqual([]);
    expect(await restrictions("app/entry.server.tsx", 'import { PassThrough } from "node:stream";')).toEqual([]);
  });
});

describe("zod comes configured from ~/lib/forms/validation", () => {
  it("a direct import is refused in components, lib and routes; a type import is not", async () => {
    for (const file of ["app/components/ui/probe.tsx", "app/lib/probe.ts", "app/routes/api/probe.ts"]) {
      expect(await restrictions(file, 'import { z } from "zod";'), file).toEqual([expect.stringMatching(ZOD)]);
      expect(await restrictions(file, 'import type { z } from "zod";'), file).toEqual([]);
    }
  });
});

const SERVER_GROUND = /config, log, files and requests are app\/server's ground/;
const SERVER_BASE = /The base of app\/server .* never imports a domain/;
const LATER_DOMAIN = /A domain of app\/server imports the base and the domains before it/;
const SERVER_READ_MODEL = /A read model of app\/server reads the domains and the base/;

describe("app/server's floors: the base, the domains in order, the read models, the composition on top", () => {
  it.each([
    ["app/server/config.server.ts", 'import { isVapidKeyPair } from "./notifications/vapid-keys.server";', SERVER_GROUND],
    ["app/server/config/probe.server.ts", 'import type { Database } from "../db/database.server";', SERVER_GROUND],
    ["app/server/log/probe.server.ts", 'import type { Database } from "../db/database.server";', SERVER_GROUND],
    ["app/server/db/probe.server.ts", 'import { findFreePort } from "../ops/free-port.server";', SERVER_BASE],
    ["app/server/group/probe.server.ts", 'import type { LoadContext } from "~/server/load-context.server";', SERVER_BASE],
    ["app/server/notifications/probe.server.ts", 'import { placeOrder } from "../orders/order-placing.server";', SERVER_BASE],
    ["app/server/email/probe.server.ts", 'import type { GroupDataCache } from "../read-models/storefront-shell.server";', SERVER_BASE],
    ["app/server/catalog/probe.server.ts", 'import { seedDatabase } from "../seed/seed.server";', LATER_DOMAIN],
    ["app/server/catalog/csv/probe.server.ts", 'import type { Auth } from "../../auth/auth.server";', LATER_DOMAIN],
    ["app/server/auth/probe.server.ts", 'import type { LoadContext } from "../load-context.server";', LATER_DOMAIN],
    ["app/server/coupons/probe.server.ts", 'import { placeOrder } from "~/server/orders/order-placing.server";', LATER_DOMAIN],
    ["app/server/orders/probe.server.ts", 'import { dashboard } from "../read-models/dashboard.server";', LATER_DOMAIN],
    ["app/server/read-models/probe.server.ts", 'import { startServices } from "../services.server";', SERVER_READ_MODEL],
  ])("%s: %s", async (file, source, rule) => {
    expect(await restrictions(file, source)).toEqual([expect.stringMatching(rule)]);
  });

  it("the base, earlier domains and the domains under a read model are allowed", async () => {
    expect(await restrictions("app/server/notifications/probe.server.ts", 'import { emailOutbox } from "../email/email-queue.server";')).toEqual([]);
    expect(await restrictions("app/server/orders/probe.server.ts", 'import { getSettings } from "../group/settings.server";\nimport { redeem } from "../coupons/redeem.server";\nimport { getProduct } from "~/server/catalog/products.server";\nimport { placeOrder } from "./order-placing.server";')).toEqual([]);
    expect(await restrictions("app/server/seed/probe.server.ts", 'import { createProduct } from "../catalog/products.server";')).toEqual([]);
    expect(await restrictions("app/server/read-models/probe.server.ts", 'import { listProducts } from "../catalog/products.server";\nimport { getOrderByToken } from "../orders/order-reading.server";')).toEqual([]);
    expect(await restrictions("app/server/ops/probe.server.ts", 'import { startServices } from "../services.server";')).toEqual([]);
  });
});

const UI_FROM_SERVER = /app\/server never imports a component or a route/;
const DATABASE_FROM_ROUTES = /A route never imports the database schema or seed data/;
const SEED_FROM_ROUTES = /A route never imports app\/server\/seed/;

describe("app/server never imports the browser's code; a route never the schema or seed data", () => {
  it.each([
    ["app/server/channels/probe.server.tsx", 'import { PrintPage } from "~/components/admin/channels/price-cards";'],
    ["app/server/ops/probe.server.ts", 'import { Button } from "../../components/ui/button";'],
    ["app/server/services-probe.server.ts", 'import { loader } from "~/routes/storefront/home";'],
    ["app/server/db/probe.server.ts", 'import type { AdminUser } from "~/components/admin/admin-shell";'],
  ])("%s: %s", async (file, source) => {
    expect(await restrictions(file, source)).toEqual([expect.stringMatching(UI_FROM_SERVER)]);
  });

  it.each([
    'import { STARTER_PRODUCTS } from "#database/catalogue/starter-products";',
    'import type { UserRole } from "#database/schema";',
    'import { SEED_SHOPS } from "../../../database/seed/shops";',
  ])("a route: %s", async (source) => {
    // A relative path out of app/routes is also another route's rule.
    expect(await restrictions("app/routes/admin/probe.tsx", source)).toEqual(expect.arrayContaining([expect.stringMatching(DATABASE_FROM_ROUTES)]));
  });

  it.each([
    'import { seedDatabase } from "~/server/seed/seed.server";',
    'import { seedDatabase } from "../../server/seed/seed.server";',
  ])("a route, the first start's seed: %s", async (source) => {
    expect(await restrictions("app/routes/admin/probe.tsx", source)).toEqual(expect.arrayContaining([expect.stringMatching(SEED_FROM_ROUTES)]));
  });

  it("a route may import the starter catalogue, which is the catalogue's", async () => {
    expect(await restrictions("app/routes/admin/probe.tsx", 'import { importStarterProduct } from "~/server/catalog/starter-products.server";')).toEqual([]);
  });

  it("app/server may import the schema, the seed data and its own templates", async () => {
    expect(await restrictions("app/server/seed/probe.server.ts", 'import { STARTER_PRODUCTS } from "#database/catalogue/starter-products";\nimport { products } from "#database/schema";')).toEqual([]);
    expect(await restrictions("app/server/channels/probe.server.tsx", 'import { PrintPage } from "./price-card-page.server";')).toEqual([]);
  });
});

const LIB_FOLDER_STACK = /app\/lib's folders form a stack \(storage < format < .* < pages\): (\w|-)+ imports only the folders before it/;
const COMPONENT_FOLDER_STACK = /app\/components's folders form a stack \(ui < cart-state < .* < admin\): (\w|-)+ imports only the folders before it/;

describe("app/lib's and app/components' folders form stacks: a folder never imports one above it", () => {
  it.each([
    ["app/lib/format/probe.ts", 'import { idSchema } from "~/lib/forms/ids";', LIB_FOLDER_STACK],
    ["app/lib/catalog/probe.ts", 'import type { OrderView } from "../orders/order-message";', LIB_FOLDER_STACK],
    ["app/lib/delivery/probe.ts", 'import type { Settings } from "../group/settings";', LIB_FOLDER_STACK],
    ["app/lib/orders/probe.ts", 'import type { ShellUser } from "~/lib/account/personal-view";', LIB_FOLDER_STACK],
    ["app/lib/admin/probe.ts", 'import { mainNav } from "../pages/navigation";', LIB_FOLDER_STACK],
    ["app/components/layout/probe.tsx", 'import { CartView } from "~/components/cart/cart-view";', COMPONENT_FOLDER_STACK],
    ["app/components/product/detail/probe.tsx", 'import { CartLine } from "../../cart/cart-line";', COMPONENT_FOLDER_STACK],
    ["app/components/cart/probe.tsx", 'import { CheckoutForm } from "~/components/checkout/checkout-form";', COMPONENT_FOLDER_STACK],
    ["app/components/ui/probe.tsx", 'import { useCart } from "../cart-state/cart-store";', COMPONENT_FOLDER_STACK],
  ])("%s: %s", async (file, source, rule) => {
    expect(await restrictions(file, source)).toEqual([expect.stringMatching(rule)]);
  });

  it("a folder below, its own files, a folder's namesake file and a test's imports are allowed", async () => {
    expect(await restrictions("app/lib/orders/probe.ts", 'import { trackingUrl } from "../delivery/tracking";\nimport { formatBRL } from "~/lib/format/money";\nimport { orderStatusLabel } from "./order-status";')).toEqual([]);
    expect(await restrictions("app/lib/pages/probe.ts", 'import { SHOP_SLUGS } from "../catalog/catalog";\nimport type { Settings } from "~/lib/group/settings";')).toEqual([]);
    expect(await restrictions("app/lib/catalog/probe.ts", 'import { orders } from "./orders";')).toEqual([]);
    expect(await restrictions("app/lib/stores/probe.test.ts", 'import { whatsappLink } from "../orders/whatsapp";')).toEqual([]);
    expect(await restrictions("app/components/checkout/probe.tsx", 'import { CouponField } from "~/components/cart/coupon-field";\nimport { ProductImage } from "../product/product-image";')).toEqual([]);
  });

  it("a stacked folder keeps the rules every component and app/lib file has", async () => {
    expect(await restrictions("app/lib/catalog/probe.ts", 'import { getProduct } from "~/server/catalog/products.server";')).toEqual([expect.stringMatching(BROWSER_CODE)]);
    expect(await restrictions("app/components/ui/probe.tsx", 'import { z } from "zod";')).toEqual([expect.stringMatching(ZOD)]);
  });

  it("every folder of app/lib and app/components is in its stack, once", () => {
    const folders = (base: string) =>
      readdirSync(path.resolve(import.meta.dirname, "../..", base), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    expect([...LIB_STACK].sort()).toEqual(folders("app/lib"));
    expect([...COMPONENT_STACK].sort()).toEqual(folders("app/components"));
  });
});

// Issue 55: a file of app/ or server/ holds at most 400 lines (blank lines and comments included), a
// function at most 80 (its code: blank lines and comments left out). Tests are not held to either.
/** The messages of `rule` for `source` linted as if it were `file`. */
async function messagesOf(rule: string, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(import.meta.dirname, "../..", file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

/** A module of `lines` lines in all: `export const` declarations. */
const moduleOfLines = (lines: number) => Array.from({ length: lines }, (_, n) => `export const value${n} = ${n};`).join("\n") + "\n";
/** A function of `lines` lines from its head to its closing brace, with a blank line and a comment more that do not count. */
const functionOfLines = (lines: number, form: "declaration" | "IIFE" = "declaration") => {
  // The head, `let`, `return` and the closing brace are 4 of the lines.
  const statements = Array.from({ length: lines - 4 }, (_, n) => `  total += ${n};`).join("\n");
  const body = `\n  // a comment\n\n  let total = 0;\n${statements}\n  return total;\n`;
  return form === "declaration" ? `export function sum() {${body}}\n` : `export const sum = (() => {${body}})();\n`;
};

describe("a file of app/ or server/ holds at most 400 lines", () => {
  it.each(["app/server/catalog/probe.server.ts", "app/lib/probe.ts", "server/probe.ts"])("%s: 401 lines are refused, 400 are not", async (file) => {
    expect(await messagesOf("max-lines", file, moduleOfLines(401))).toEqual([expect.stringMatching(/too many lines \(401\)\. Maximum allowed is 400/)]);
    expect(await messagesOf("max-lines", file, moduleOfLines(400))).toEqual([]);
  });

  it("a test file is not held to it", async () => {
    expect(await messagesOf("max-lines", "app/server/catalog/probe.server.test.ts", moduleOfLines(401))).toEqual([]);
  });
});

describe("a function of app/ or server/ holds at most 80 lines of code", () => {
  it.each(["app/server/receiving/probe.server.ts", "app/components/layout/probe.tsx", "server/probe.ts"])("%s: 81 lines are refused, 80 are not", async (file) => {
    expect(await messagesOf("max-lines-per-function", file, functionOfLines(81))).toEqual([expect.stringMatching(/Function 'sum' has too many lines \(81\)\. Maximum allowed is 80/)]);
    expect(await messagesOf("max-lines-per-function", file, functionOfLines(80))).toEqual([]);
  });

  it("an immediately invoked function counts too", async () => {
    expect(await messagesOf("max-lines-per-function", "app/server/probe.server.ts", functionOfLines(81, "IIFE"))).toEqual([expect.stringMatching(/too many lines \(81\)/)]);
    expect(await messagesOf("max-lines-per-function", "app/server/probe.server.ts", functionOfLines(80, "IIFE"))).toEqual([]);
  });

  it("a test file is not held to it", async () => {
    expect(await messagesOf("max-lines-per-function", "server/probe.test.ts", functionOfLines(81))).toEqual([]);
  });
});
