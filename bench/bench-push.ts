// `npm run bench:push [-- --slow 20 --orders 5 --slow-ms 20000]`
//
// How long a clerk's phone waits for its new-order notices while other devices' push service is slow:
// `--slow` devices (two staff accounts) whose push service answers after `--slow-ms`, and one phone
// whose service answers at once, all on loopback; `--orders` orders' notices queued together, then
// one more while the slow ones are still waiting. Figures, not pass/fail (issue 39: sent one by one
// with a 15 s timeout, the healthy phone got 0 of 5 notices for 170 s).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import webPush from "web-push";
import { createAdmin } from "~/server/auth/admins.server";
import { createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { log } from "~/server/log/logger.server";
import { deliverDuePushes, queueStaffPush } from "~/server/notifications/push-queue.server";
import { saveSubscription } from "~/server/notifications/push-subscriptions.server";
import { SEND_TIMEOUT_MS, webPushTransport } from "~/server/notifications/web-push.server";
import { prepareDatabase } from "~/server/services.server";
import { startLoopbackPushService, subscribedBrowser } from "../tests/setup/loopback-push-service";
import { onCleanUp, runBenchmark } from "./bench-run";

const { values } = parseArgs({ options: { slow: { type: "string", default: "20" }, orders: { type: "string", default: "5" }, "slow-ms": { type: "string", default: "20000" } } });
const slowDevices = Number(values.slow);
const orders = Number(values.orders);
const slowMs = Number(values["slow-ms"]);

// The slow service's timeouts are expected here: one warning each would bury the figures.
log.level = "error";

await runBenchmark(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-push-"));
  onCleanUp(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The database only: no delivery loop of the app's own, which would refuse the loopback services.
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "error" });
  const database = await prepareDatabase(config, { sayWhatIsMissing: false });
  onCleanUp(() => database.close());
  const { db, pool } = connectDatabase(database.url);
  onCleanUp(() => pool.end());
  const actor = { id: null, name: "bench", email: "bench@exemplo.com" };
  const auth = createAuth(db, config);
  const admins = await Promise.all(["a", "b", "c"].map((id) => createAdmin(auth, db, { email: `bench-${id}@exemplo.com`, password: `senha longa bench ${id}`, name: id }, actor)));

  const slow = await startLoopbackPushService();
  slow.delayMs = slowMs;
  const healthy = await startLoopbackPushService();
  onCleanUp(() => Promise.all([slow.close(), healthy.close()]).then(() => {}));
  for (let device = 0; device < slowDevices; device++) await saveSubscription(db, admins[device % 2]!.id, subscribedBrowser(slow), "Android · Chrome");
  await saveSubscription(db, admins[2]!.id, subscribedBrowser(healthy), "Android · Chrome");

  const notice = (order: number) => ({ title: `Pedido #${order}`, body: "bench", tag: `pedido-${order}`, url: "/admin/pedidos" });
  for (let order = 1; order <= orders; order++) await queueStaffPush(db, "new-order", notice(order), "all-staff");
  const transport = webPushTransport({ ...webPush.generateVAPIDKeys(), subject: "mailto:loja@exemplo.com" }, { policy: { allowLoopback: true } });
  const started = performance.now();
  const arrivals: number[] = [];
  const watch = setInterval(() => {
    while (arrivals.length < healthy.received.length) arrivals.push(performance.now() - started);
  }, 5);
  const round = deliverDuePushes(db, transport);
  // One more order while the slow service still holds the first ones.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const late = performance.now();
  await queueStaffPush(db, "new-order", notice(orders + 1), "all-staff");
  const totals = await round;
  clearInterval(watch);
  while (arrivals.length < healthy.received.length) arrivals.push(performance.now() - started);
  const lateArrival = arrivals[orders]! - (late - started);
  console.log(`${slowDevices} devices on a push service answering in ${slowMs / 1000} s, 1 phone on one answering at once; send timeout ${SEND_TIMEOUT_MS / 1000} s`);
  console.log(`healthy phone: ${orders} queued notices in ${arrivals.slice(0, orders).map((ms) => `${Math.round(ms)} ms`).join(", ")}; one queued 1 s later arrived ${Math.round(lateArrival)} ms after it`);
  console.log(`round: ${totals.sent} sent, ${totals.failed} failed (timed out, retried later) in ${((performance.now() - started) / 1000).toFixed(1)} s (at most 50 at a time per push service); load average ${os.loadavg()[0]!.toFixed(1)}`);
});
