// The shop as it runs online: Debian's Caddy in front, with the deploy kit's own Caddyfile
// (deploy/Caddyfile), its certificate from Caddy's local CA instead of Let's Encrypt, on loopback
// ports. Chromium reaches "loja.test" at this machine's network address (not loopback), so the address
// the app should see for the shopper (that one, through Caddy's X-Forwarded-For) differs from the
// address Caddy's own connection comes from (127.0.0.1).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { E2E_ADMIN } from "./admin-login";
import { startAppServer, type AppServer } from "./app-server";
import { CHROMIUM_PATH } from "./chromium";
import { findFreePort } from "~/server/db/free-port.server";

const HOST = "loja.test";
/** This machine's first non-loopback IPv4 address: where Chromium connects from and to. */
const SHOPPER_ADDRESS =
  Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address ?? "127.0.0.1";

let app: AppServer;
let caddy: ChildProcess;
let caddyOutput = "";
let browser: Browser;
let httpsOrigin: string;
let httpPort: number;
let caddyDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  // One server and one Caddy: the checks are about the server, not the viewport.
  test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
  testInfo.setTimeout(180_000);
  const httpsPort = await findFreePort();
  httpPort = await findFreePort();
  httpsOrigin = `https://${HOST}:${httpsPort}`;
  // What deploy/loja.env.example says to set behind Caddy.
  app = await startAppServer({ PUBLIC_URL: httpsOrigin, TRUST_PROXY: "loopback" });

  caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-caddy-"));
  const appPort = new URL(app.url).port;
  const deployed = fs.readFileSync("deploy/Caddyfile", "utf8");
  expect(deployed).toContain("loja.exemplo.com.br {");
  expect(deployed).toContain("reverse_proxy 127.0.0.1:3000");
  const caddyfile = [
    // Test-only global options: loopback ports, the local CA, no admin endpoint, files in a temp dir.
    "{",
    "\tadmin off",
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    "\tlocal_certs",
    "\tskip_install_trust",
    `\tstorage file_system ${path.join(caddyDir, "storage")}`,
    "}",
    deployed.replace("loja.exemplo.com.br {", `${HOST} {`).replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${appPort}`),
  ].join("\n");
  const file = path.join(caddyDir, "Caddyfile");
  fs.writeFileSync(file, caddyfile);
  caddy = spawn("caddy", ["run", "--config", file, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir },
  });
  caddy.stdout?.on("data", (chunk) => (caddyOutput += chunk));
  caddy.stderr?.on("data", (chunk) => (caddyOutput += chunk));
  for (const port of [httpsPort, httpPort]) await waitForPort(port, () => caddy.exitCode === null, () => caddyOutput);

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", `--host-resolver-rules=MAP ${HOST} ${SHOPPER_ADDRESS}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  caddy?.kill("SIGTERM");
  await app?.stop();
  if (caddyDir) fs.rmSync(caddyDir, { recursive: true, force: true });
});

/** A new browser context that accepts the local CA's certificate, as a shopper's accepts a real one. */
const newShopper = () => browser.newContext({ ignoreHTTPSErrors: true, locale: "pt-BR" });

/** The app's JSON log line for a response, found by its X-Request-Id. */
async function logLine(requestId: string | null): Promise<Record<string, unknown>> {
  expect(requestId).toBeTruthy();
  let found: Record<string, unknown> | undefined;
  await expect
    .poll(() => {
      found = app
        .output()
        .split("\n")
        .filter((line) => line.includes(requestId!))
        .map((line) => JSON.parse(line) as Record<string, unknown>)[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test("plain http goes to https, and the answer carries HSTS", async () => {
  // Caddy's redirect names no port (online it is 443), so it is read here rather than followed.
  const redirect = await plainHttpGet(httpPort, "/produtos?q=tenis");
  expect(redirect.status).toBe(308);
  expect(redirect.location).toBe(`https://${HOST}/produtos?q=tenis`);

  const context = await newShopper();
  const page = await context.newPage();
  const response = await page.goto(`${httpsOrigin}/produtos?q=tenis`);
  expect(response?.status()).toBe(200);
  expect(response!.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  await context.close();
});

test("the app sees the browser's address through Caddy, and not a forged X-Forwarded-For", async () => {
  test.skip(SHOPPER_ADDRESS === "127.0.0.1", "this machine has no network address besides loopback, so the browser's and Caddy's look alike");
  const context = await newShopper();
  const page = await context.newPage();
  const response = await page.goto(`${httpsOrigin}/`);
  expect(await logLine(response!.headers()["x-request-id"] ?? null)).toMatchObject({ path: "/", clientAddress: SHOPPER_ADDRESS });
  const forgedId = await page.evaluate(async () => {
    const forged = await fetch("/robots.txt", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    return forged.headers.get("x-request-id");
  });
  expect(await logLine(forgedId)).toMatchObject({ path: "/robots.txt", clientAddress: SHOPPER_ADDRESS });
  await context.close();
});

test("the session cookie is Secure, and links in pages and e-mails use the https address", async () => {
  const context = await newShopper();
  const page = await context.newPage();
  await page.goto(`${httpsOrigin}/login`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(`${httpsOrigin}/`);
  const session = (await context.cookies()).filter((cookie) => cookie.name.includes("session_token"));
  expect(session.length).toBeGreaterThan(0);
  for (const cookie of session) expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });

  await page.goto(`${httpsOrigin}/produtos?q=chinelo`);
  const productPath = await page.getByTestId("product-card").first().getByRole("link").last().getAttribute("href");
  await page.goto(`${httpsOrigin}${productPath}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${httpsOrigin}${productPath}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${httpsOrigin.replace(/[.]/g, "\\.")}/`));

  // Fingerprinted build files keep for a year through Caddy.
  const assetCaching = await page.evaluate(async () => {
    const asset = performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname.startsWith("/assets/"));
    return asset ? (await fetch(asset.name)).headers.get("cache-control") : "no /assets file loaded";
  });
  expect(assetCaching).toContain("immutable");

  // The reset e-mail's link (from the outbox: no SMTP_URL here).
  const shopper = await newShopper();
  const resetPage = await shopper.newPage();
  await resetPage.goto(`${httpsOrigin}/recuperar-senha`);
  await resetPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await resetPage.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await resetPage.getByRole("button", { name: /enviar/i }).click();
  let outboxFile = "";
  await expect
    .poll(() => {
      // The server's JSON log line for the outbox (app/server/email/send-email.server.ts).
      const written = app
        .output()
        .split("\n")
        .flatMap((line) => {
          try {
            return [JSON.parse(line.slice(line.indexOf("{"))) as { email?: { subject?: string; to?: string; file?: string } }];
          } catch {
            return [];
          }
        })
        .find(({ email }) => email?.to === E2E_ADMIN.email && email.subject?.startsWith("Redefinição de senha"));
      outboxFile = written?.email?.file ?? "";
      return outboxFile;
    }, { timeout: 15_000 })
    .not.toBe("");
  const email = JSON.parse(fs.readFileSync(outboxFile, "utf8")) as { text: string; html: string };
  expect(email.text).toContain(`${httpsOrigin}/redefinir-senha?token=`);
  expect(email.html).toContain(`href="${httpsOrigin}/redefinir-senha?token=`);
  await shopper.close();
  await context.close();
});

function plainHttpGet(port: number, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: target, headers: { host: HOST } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.once("error", reject);
  });
}

async function waitForPort(port: number, alive: () => boolean, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`caddy exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`caddy did not listen on ${port}:\n${output()}`);
}
