// The admin installs as an app on the clerk's phone: its web app manifest and icons, linked from admin
// pages only, and its service worker at /admin/sw.js with the headers that let it control /admin.
// (That the worker installs in Chromium and shows a push is tests/e2e/admin-push.spec.ts.)
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdminTest, type AdminTest } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";

const PUBLIC = path.resolve("public");

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  lang: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

describe("the web app manifest", () => {
  it("makes /admin a standalone app with icons at 192 and 512 px", async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(PUBLIC, "painel/manifest.webmanifest"), "utf8")) as Manifest;
    expect(manifest).toMatchObject({ name: "Painel Erick", short_name: "Painel Erick", start_url: "/admin", scope: "/admin", display: "standalone", lang: "pt-BR" });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && entry.purpose !== "maskable");
      expect(icon, `${size} px icon`).toMatchObject({ type: "image/png" });
      const metadata = await sharp(path.join(PUBLIC, icon!.src)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", size, size]);
    }
  });
});

describe("served by the app", () => {
  let test: AdminTest;
  let http: HttpApp;
  beforeAll(async () => {
    test = await openAdminTest();
    http = await startHttpApp(test.context, { withSecurityHeaders: true });
  }, 120_000);
  afterAll(async () => {
    await http?.close();
    await test?.close();
  });

  it("serves /admin/sw.js to staff as JavaScript allowed to control /admin, never cached", async () => {
    const response = await fetch(`${http.origin}/admin/sw.js`, { headers: { cookie: test.admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("service-worker-allowed")).toBe("/admin");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-security-policy")).toContain("worker-src 'self'");
    const source = await response.text();
    expect(source).toContain('addEventListener("push"');
    expect(source).toContain('addEventListener("notificationclick"');
  });

  it("links the manifest from admin pages and not from the storefront", async () => {
    const admin = await (await fetch(`${http.origin}/admin/pedidos`, { headers: { cookie: test.admin.cookie } })).text();
    expect(admin).toMatch(/<link[^>]* rel="manifest" href="\/painel\/manifest\.webmanifest"/);
    const storefront = await (await fetch(`${http.origin}/produtos`)).text();
    expect(storefront).toContain("</html>");
    expect(storefront).not.toMatch(/rel="manifest"|\/painel\//);
  });
});
