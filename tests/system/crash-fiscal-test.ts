// `npm run test:crash-fiscal [-- --sales 8 --kill-at-note 3]`: the shop loses power after the fiscal
// provider authorised a counter sale's NFC-e and before its answer reached the shop (issue 52, "kill -9
// between the sale's commit and the provider's answer → exactly one note").
//
// Starts the production build (needs `react-router build`) on a fresh DATA_DIR with its embedded
// PostgreSQL and FISCAL_PROVIDER=focusnfe against the local fake of Focus NFe (real HTTP on loopback,
// in this process), gives a store its CNPJ and the product it sells an NCM, and a clerk makes counter
// sales. The fake authorises each POST at once and holds its answer a few seconds; when it holds the
// answer of the `--kill-at-note`th note, the app and PostgreSQL get `kill -9`: the provider made the
// note, the shop never recorded it, and the sales after it are committed with their note still queued.
// The shop starts again with the fake answering at once, and every sale must get its note by itself
// (the worker's lease on a note it was sending is 2 minutes, then the loop runs every 15 s), each
// once: one fiscal_documents row per sale, authorised, with the chave the provider made for its ref;
// the provider made one note per ref and none for a ref that is not a sale; the sales and their units
// taken from the shelf are all there.
// Prints the figures; exits 1 on any violation.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startFakeFocusNfe } from "../setup/fake-focus-nfe";
import { auditCounterSales, clerkServerEnv, counterShelf, newCounterAttempt, signInClerk, submitCounterSale, type CounterShelf } from "./counter-traffic";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "./shop-process";

const { values: args } = parseArgs({ options: { sales: { type: "string", default: "8" }, "kill-at-note": { type: "string", default: "3" } } });
const SALES = Number(args.sales);
/** The kill comes while the provider holds the answer of this note (the ones before it are recorded). */
const KILL_AT_NOTE = Math.min(Number(args["kill-at-note"]), SALES);
/** How long the fake holds each answer before the kill: the provider call is surely in flight. */
const SLOW_ANSWER_MS = 3_000;
/** The lease of a note the killed process was sending (2 min) and a few rounds of the worker's loop (15 s). */
const RECOVERY_LIMIT_MS = 180_000;
const CNPJ = "11222333000181";
const NCM = "64039990";

requireBuild();
const startedAt = performance.now();
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-crash-fiscal-"));
// PostgreSQL runs as the "postgres" user when we are root; it must be able to enter the directory.
fs.chmodSync(dataDir, 0o755);
const fake = await startFakeFocusNfe();
// One process is enough to show the point and spares the shared machine; the same clerk and session
// secret on both starts.
const env = { FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: fake.url, FISCAL_TOKEN: fake.token, WEB_CONCURRENCY: "1", ...clerkServerEnv() };
const violations: string[] = [];
let shop: ShopProcess | null = null;

/** The provider's ref of a counter sale's NFC-e (app/server/fiscal/fiscal-documents.server.ts, fiscalRef). */
const nfceRef = (orderId: string) => `${orderId.replace(/-/g, "")}-nfce`;

type DocumentRow = { order_id: string; model: string; ref: string; status: string; chave: string };

async function documentsOf(orderIds: string[]): Promise<DocumentRow[]> {
  const database = connectToShopDatabase(dataDir);
  try {
    const { rows } = await database.pool.query<DocumentRow>(`select order_id, model, ref, status, chave from fiscal_documents where order_id = any($1::uuid[])`, [orderIds]);
    return rows;
  } finally {
    await database.pool.end();
  }
}

function countByStatus(rows: DocumentRow[]) {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
}

try {
  shop = await startShopProcess(dataDir, { env });
  console.log(`[crash-fiscal] shop started on ${shop.url} with FISCAL_PROVIDER=focusnfe against the local fake (${elapsed()})`);
  let shelf: CounterShelf;
  {
    const database = connectToShopDatabase(dataDir);
    shelf = await counterShelf(database.db, SALES + 2, []);
    // The store's fiscal identity and the product's NCM, as the Dono would set them in the admin.
    await database.pool.query(`update store_locations set cnpj = $1, state_registration = '0321418-40', tax_regime = 'simples' where id = $2`, [CNPJ, shelf.storeId]);
    await database.pool.query(`update products set ncm = $1 where id = $2`, [NCM, shelf.productId]);
    await database.pool.end();
  }

  fake.answerDelayMs = SLOW_ANSWER_MS;
  const cookie = await signInClerk(shop.url);
  const attempts = Array.from({ length: SALES }, newCounterAttempt);
  await Promise.all(
    attempts.map(async (attempt) => {
      const answer = await submitCounterSale(shop!.url, cookie, shelf, attempt, AbortSignal.timeout(30_000));
      if ("orderId" in answer) attempt.orderId = answer.orderId;
      else violations.push(`sale ${attempt.saleKey} refused as sold out with ${shelf.units} units for ${SALES} sales`);
    }),
  );
  const orderIds = attempts.flatMap((attempt) => (attempt.orderId ? [attempt.orderId] : []));
  const saleRefs = new Set(orderIds.map(nfceRef));
  console.log(`[crash-fiscal] ${orderIds.length} counter sales recorded; the provider answers in ${SLOW_ANSWER_MS / 1000} s (${elapsed()})`);

  for (let waited = 0; !(fake.issued.length >= KILL_AT_NOTE && fake.answersHeld > 0) && waited < 60_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const heldAtKill = fake.answersHeld;
  const issuedAtKill = fake.issued.length;
  const killed = await shop.crash();
  console.log(
    `[crash-fiscal] kill -9 of the app and PostgreSQL (postmaster ${killed.postmaster}) with ${issuedAtKill} notes made at the provider, ${heldAtKill} answer(s) on the way (${elapsed()})`,
  );
  if (heldAtKill === 0) violations.push("no provider answer was on its way at the kill");
  fake.answerDelayMs = 0;

  const requestsBeforeRestart = fake.requests.length;
  const restartedAt = performance.now();
  shop = await startShopProcess(dataDir, { env });
  const atRestart = await documentsOf(orderIds);
  // The crash's window: the provider made the note, the shop's row does not have it.
  const inTheGap = atRestart.filter((row) => row.status !== "autorizado" && fake.notes.get(row.ref)?.status === "autorizado").length;
  console.log(`[crash-fiscal] shop restarted; its notes: ${countByStatus(atRestart)}; made at the provider, not recorded: ${inTheGap} (${elapsed()})`);
  if (inTheGap === 0) violations.push("no note was made at the provider and missing in the shop at the restart: the crash did not land between the two");

  let documents = atRestart;
  while (documents.filter((row) => row.status === "autorizado").length < orderIds.length && performance.now() - restartedAt < RECOVERY_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    documents = await documentsOf(orderIds);
  }
  const recoveredMs = performance.now() - restartedAt;
  // Another round of the worker changes nothing.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  documents = await documentsOf(orderIds);

  for (const orderId of orderIds) {
    const rows = documents.filter((row) => row.order_id === orderId);
    const ref = nfceRef(orderId);
    if (rows.length !== 1) {
      violations.push(`sale ${orderId} has ${rows.length} fiscal documents`);
      continue;
    }
    const row = rows[0]!;
    if (row.model !== "65" || row.ref !== ref) violations.push(`sale ${orderId}: model ${row.model}, ref ${row.ref} instead of NFC-e ${ref}`);
    if (row.status !== "autorizado") violations.push(`sale ${orderId}: note ${row.status} ${RECOVERY_LIMIT_MS / 1000} s after the restart`);
    const made = fake.issued.filter((note) => note.ref === ref);
    if (made.length !== 1) violations.push(`ref ${ref}: the provider made ${made.length} notes`);
    else if (row.chave !== made[0]!.chave) violations.push(`ref ${ref}: the shop recorded chave ${row.chave || "(none)"}, the provider made ${made[0]!.chave}`);
  }
  const strangers = fake.issued.filter((note) => !saleRefs.has(note.ref));
  if (strangers.length > 0) violations.push(`the provider made ${strangers.length} notes for refs that are no sale: ${strangers.map((note) => note.ref).join(", ")}`);
  const posts = fake.requests.filter((request) => request.method === "POST" && request.path.startsWith("/v2/nfce"));
  const postsAfterRestart = fake.requests.slice(requestsBeforeRestart).filter((request) => request.method === "POST" && request.path.startsWith("/v2/nfce")).length;
  const readsAfterRestart = fake.requests.slice(requestsBeforeRestart).filter((request) => request.method === "GET" && request.path.startsWith("/v2/nfce/")).length;

  const database = connectToShopDatabase(dataDir);
  try {
    const audit = await auditCounterSales(database.db, shelf, attempts);
    violations.push(...audit.violations);
    if (audit.found !== orderIds.length) violations.push(`${orderIds.length} sales acknowledged, ${audit.found} in the database`);
    const { rows } = await database.pool.query<{ count: number }>(`select count(*)::int as count from fiscal_documents`);
    if (rows[0]!.count !== orderIds.length) violations.push(`${rows[0]!.count} fiscal documents in the shop for ${orderIds.length} sales`);
    console.log(
      [
        `[crash-fiscal] sales: ${SALES}, recorded: ${audit.found}, units sold from the shelf: ${audit.sold} (shelf ${shelf.units} → ${audit.shelfUnits})`,
        `[crash-fiscal] notes in the shop: ${countByStatus(documents)}, ${(recoveredMs / 1000).toFixed(1)} s after the restart (limit ${RECOVERY_LIMIT_MS / 1000} s)`,
        `[crash-fiscal] notes made at the provider: ${fake.issued.length} for ${new Set(fake.issued.map((note) => note.ref)).size} refs; POSTs: ${posts.length} (${postsAfterRestart} after the restart), reads after the restart: ${readsAfterRestart}`,
        `[crash-fiscal] total time: ${elapsed()}`,
      ].join("\n"),
    );
  } finally {
    await database.pool.end();
  }
} catch (error) {
  violations.push(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

if (violations.length > 0) {
  console.error(`[crash-fiscal] FAILED: ${violations.length} violation(s)`);
  for (const violation of violations.slice(0, 30)) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log("[crash-fiscal] OK: every sale has exactly one NFC-e, the one the provider made for its ref, though the shop was killed while the provider's answer was on its way");
