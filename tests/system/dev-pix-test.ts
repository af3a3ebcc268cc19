// `npm run test:dev-pix`: what an owner does with `npm run dev:pix` (issue 51, item 25), scripted:
// start it, place a Pix order through the checkout, see the bank's code on the order page, press
// "Pagar" on the test bank's page, and see "Pagamento confirmado" on the order page. Needs the
// production build (`npx react-router build`; dev:pix builds it when missing). Exits 1 on any miss.
import { spawn } from "node:child_process";
import { findFreePort } from "~/server/db/free-port.server";
import { newAttempt, orderableProducts, submitCheckout } from "./checkout-traffic";
import { connectToShopDatabase } from "./shop-process";

const port = await findFreePort();
const child = spawn(process.execPath, ["--import", "tsx", "scripts/dev-pix.ts", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"], detached: true });
let output = "";
child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));

async function waitFor<T>(what: string, probe: () => T | null | Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

let failed = false;
try {
  const bankUrl = await waitFor("the test bank's address", () => /Banco de teste:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? null, 600_000);
  const dataDir = /Dados:\s+(\S+)/.exec(output)![1]!;
  const shopUrl = `http://127.0.0.1:${port}`;
  const database = connectToShopDatabase(dataDir);
  const catalogue = await orderableProducts(database.db);
  await database.pool.end();

  const token = await submitCheckout(shopUrl, newAttempt(catalogue));
  const page = () => fetch(`${shopUrl}/pedido/${token}`).then((response) => response.text());
  await waitFor("the bank's code on the order page", async () => ((await page()).includes("Aguardando o Pix.") ? true : null), 30_000);
  const bank = await (await fetch(bankUrl)).text();
  const txid = /name="txid" value="([A-Za-z0-9]+)"/.exec(bank)?.[1];
  if (!txid) throw new Error("no open charge on the test bank's page");
  const paid = await fetch(`${bankUrl}/pagar`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ txid }) });
  if (paid.status !== 303) throw new Error(`the test bank answered ${paid.status}`);
  await waitFor("'Pagamento confirmado' on the order page", async () => ((await page()).includes("Pagamento confirmado") ? true : null), 30_000);
  console.log(`dev:pix: order ${token.slice(0, 6)}… paid at the test bank, its page says "Pagamento confirmado".`);
} catch (error) {
  failed = true;
  console.error(error, `\n--- dev:pix output ---\n${output}`);
} finally {
  // The whole group (dev:pix and the shop it started): SIGINT, as Ctrl+C.
  if (child.pid) process.kill(-child.pid, "SIGINT");
  await new Promise((resolve) => child.once("exit", resolve));
}
process.exit(failed ? 1 : 0);
