// `node server.js` with a HOST this machine cannot listen on stops before it creates anything: no
// data directory, no database, no keys, no public address stored; one pt-BR line naming HOST, exit 1.
// (HOST=nope used to pass the check, create all of that, store http://nope:PORT and die later with a
// JSON stack trace.) Development mode, so no build is needed; nothing is resolved or contacted.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server.js"], { cwd: path.resolve(import.meta.dirname, "../.."), env: { ...process.env, NODE_ENV: "development", ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("a start with a HOST that cannot be listened on", () => {
  for (const host of ["nope", "192.0.2.1"]) {
    it(`HOST=${host}: one pt-BR line naming HOST, exit 1, nothing created`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "erick-host-check-"));
      const dataDir = path.join(root, "data");
      try {
        const { code, output } = await start({ HOST: host, PORT: "3921", DATA_DIR: dataDir });
        expect(code).toBe(1);
        expect(output).toContain(`HOST="${host}"`);
        expect(output).toMatch(/Configuração inválida no ambiente/);
        expect(output).not.toMatch(/"level":|\n\s+at /);
        expect(fs.existsSync(dataDir)).toBe(false);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
