// `npm start`'s build (issue 51, item 23): the first start wrote the bundler's English
// "[PLUGIN_TIMINGS]" note, in colour codes, into the shop's log. The script runs as `npm start` runs
// it, in a checkout whose sources are newer than its build, with a local stand-in for `npx` that
// writes what the bundler wrote (the real build takes minutes; the vite config turns the note off).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve("scripts/build-if-needed.mjs");
const BUNDLER_NOTE =
  "\u001b[33m[PLUGIN_TIMINGS] Warning:\u001b[39m Your build spent significant time in plugins. Here is a breakdown:\n  - react-router (54%)\n";
let checkout = "";

afterEach(() => fs.rmSync(checkout, { recursive: true, force: true }));

/** Runs the script in a checkout with sources and no build, `npx` answering with `exitCode` after writing the note. */
function start(exitCode: number) {
  checkout = fs.mkdtempSync(path.join(os.tmpdir(), "erick-build-if-needed-"));
  fs.mkdirSync(path.join(checkout, "app"));
  fs.writeFileSync(path.join(checkout, "app", "root.tsx"), "export {};\n");
  const bin = path.join(checkout, "bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "npx"), `#!${process.execPath}\nprocess.stderr.write(${JSON.stringify(BUNDLER_NOTE)});\nprocess.exit(${exitCode});\n`, { mode: 0o755 });
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: checkout, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("npm start's build", () => {
  it("a build that succeeds: one line in Portuguese each side, none of the bundler's notes or colour codes", () => {
    const { status, output } = start(0);
    expect(status).toBe(0);
    expect(output).toBe("Gerando a versão de produção (react-router build)…\nVersão de produção gerada.\n");
  });

  it("a build that fails: its output shown, without colour codes in a log, and the start stops", () => {
    const { status, output } = start(1);
    expect(status).toBe(1);
    expect(output).toContain("[PLUGIN_TIMINGS] Warning: Your build spent significant time in plugins.");
    expect(output).not.toContain("\u001b[");
    expect(output).toContain("A versão de produção não foi gerada (erro acima).");
  });
});
