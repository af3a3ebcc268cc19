// For a spec file whose tests sign in with Google: a local OpenID Connect provider (oidc-provider.ts)
// and an app server of the file's own pointed at it, since the shared server must not have Google
// configured.
import { test } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";
import { startOidcProvider, type OidcProvider } from "./oidc-provider";

export type GoogleServer = { readonly app: AppServer; readonly provider: OidcProvider };

/**
 * Starts the provider for `client` and the app server before the file's tests and stops both after them;
 * a failed test gets the server's output attached. Call at the top of the file; read the fields in tests.
 */
export function startGoogleServerForFile(client: { clientId: string; clientSecret: string }): GoogleServer {
  const servers = {} as { app: AppServer; provider: OidcProvider };

  test.beforeAll(async () => {
    // A fresh embedded PostgreSQL with the seed: slow on a busy 2-core machine.
    test.setTimeout(180_000);
    servers.provider = await startOidcProvider(client);
    servers.app = await startAppServer({
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_OIDC_DISCOVERY_URL: servers.provider.discoveryUrl,
    });
  });

  test.afterAll(async () => {
    await servers.app?.stop();
    await servers.provider?.close();
  });

  test.afterEach(async ({ browserName: _browserName }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: servers.app?.output() ?? "" });
  });

  return servers;
}
