// What a process supervisor, a load balancer or a person with curl asks (docs/deploy.md):
//   GET /healthz  200 while the process lives and serves HTTP;
//   GET /readyz   200 when PostgreSQL answers within a second, else 503: send traffic elsewhere.
// Plain text, never cached, before anything that reads sessions or writes pages.
import { sql } from "drizzle-orm";
import express from "express";
import type { Database } from "~/server/db/database.server";

const READY_TIMEOUT_MS = 1_000;

/** Resolves true when `select 1` comes back within the timeout; false on an error or a slow answer. */
async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthChecks(db: Database): express.Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok\n");
  });
  router.get("/readyz", async (_req, res) => {
    const ready = await databaseAnswers(db);
    res.status(ready ? 200 : 503).set("Cache-Control", "no-store").type("text/plain").send(ready ? "ready\n" : "database unavailable\n");
  });
  return router;
}
