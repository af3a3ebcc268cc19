// The embedded PostgreSQL the app started is the app's to keep running: killed (`kill -9` of the
// postmaster), it is started again on the same port and recovers every committed row from its
// write-ahead log, while a pool opened before the crash serves queries again without being replaced.
// A stop asked for is final.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/server/db/database.server";
import { isAlive, startEmbeddedPostgres, type EmbeddedServer } from "~/server/db/embedded-postgres.server";

let tempDir: string;
let postgres: EmbeddedServer;
const logLines: string[] = [];

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-supervision-"));
  await fs.chmod(tempDir, 0o755);
  postgres = await startEmbeddedPostgres(path.join(tempDir, "postgres"), { supervise: true, log: (line) => logLines.push(line) });
}, 120_000);

afterAll(async () => {
  await postgres?.stop().catch(() => {});
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, attempt: () => Promise<T>, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let lastError: unknown;
  while (performance.now() - started < timeoutMs) {
    try {
      return { value: await attempt(), ms: performance.now() - started };
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms: ${String(lastError)}`);
}

describe("a supervised embedded PostgreSQL", () => {
  it("is started again after a kill -9 and has every committed row", async () => {
    const { pool } = connectDatabase(postgres.url, { max: 2 });
    try {
      await pool.query("create table kept (id int primary key)");
      await pool.query("insert into kept select generate_series(1, 500)");
      const killed = postgres.pid()!;
      expect(killed).toBeGreaterThan(0);

      process.kill(killed, "SIGKILL");
      // A backend of the killed server may still answer for a moment before it notices; wait for the new server.
      const { value, ms } = await waitFor(
        "a query on the restarted server",
        async () => {
          if (postgres.pid() === killed || !postgres.pid()) throw new Error("not restarted yet");
          return pool.query<{ count: string }>("select count(*) from kept");
        },
        30_000,
      );
      expect(value.rows[0]!.count).toBe("500");
      expect(isAlive(postgres.pid()!)).toBe(true);
      expect(logLines.some((line) => line.includes("exited unexpectedly (signal SIGKILL)"))).toBe(true);
      expect(logLines.some((line) => line.includes("PostgreSQL restarted after"))).toBe(true);
      console.log(`[supervision] queries answered again ${(ms / 1000).toFixed(1)} s after the kill`);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it("stays stopped after a stop asked for", async () => {
    const pid = postgres.pid()!;
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(isAlive(pid)).toBe(false);
    expect(postgres.pid()).toBeUndefined();
    expect(logLines.filter((line) => line.includes("restarting it"))).toHaveLength(1);
  }, 30_000);
});
