// The page's scripts are preloaded at low fetch priority (app/entry.server.tsx): the page hydrates
// after its first paint, so they must not compete with the HTML and the first pictures, and
// Lighthouse must not count them as render-blocking (docs/benchmarks.md, "Lighthouse on /produtos").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

describe("module preloads", () => {
  it.each(["/", "/produtos", "/lojas"])("%s preloads its scripts at low priority, its first pictures still high", async (urlPath) => {
    const response = await fetch(`${http.origin}${urlPath}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    const head = html.slice(0, html.indexOf("</head>"));
    const modulePreloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(modulePreloads.length).toBeGreaterThan(0);
    for (const tag of modulePreloads) expect(tag).toMatch(/ fetchpriority="low"\/?>$/);
    // Each once, and nothing else in the page touched.
    expect(html.match(/fetchpriority="low"/g)?.length).toBe(modulePreloads.length);
    for (const imagePreload of head.match(/<link rel="preload" as="image"[^>]*>/g) ?? []) expect(imagePreload).toContain('fetchPriority="high"');
  });
});
