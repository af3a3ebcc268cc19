// A script that meets a configuration problem says which variable, in pt-BR, and exits 1 without a
// stack trace: the helper, then the real scripts run as `npm run` runs them.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { exitOnConfigProblem, loadScriptConfig, type ScriptExit } from "./script-config.server";

class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function recordingExit() {
  const said: string[] = [];
  const io: ScriptExit = {
    error: (message) => said.push(message),
    exit: (code) => {
      throw new Exited(code);
    },
  };
  return { said, io };
}

const BAD_ENV = { SMTP_URL: "smtp://127.0.0.1:2525" };

describe("a script's configuration problem", () => {
  it("prints the message naming the variable and exits 1", () => {
    const { said, io } = recordingExit();
    expect(() => loadScriptConfig(BAD_ENV, io)).toThrow(new Exited(1));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("SMTP_FROM");
    expect(said[0]).toContain("obrigatório");
  });

  it("says one line of its own the same way", () => {
    const { said, io } = recordingExit();
    expect(() => exitOnConfigProblem("S3_BUCKET não está definido.", io)).toThrow(new Exited(1));
    expect(said).toEqual(["S3_BUCKET não está definido."]);
  });

  it.each([["scripts/admin.ts"], ["scripts/media-migrate.ts"], ["scripts/backup.ts"]])("%s: exit code 1, the variable named, no stack trace", async (script) => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const run = promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), [script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...BAD_ENV },
      timeout: 60_000,
    });
    const failed = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("SMTP_FROM");
    expect(failed?.stderr).not.toMatch(/^\s+at /m);
  }, 90_000);
});
