// `npm start` on a fresh clone builds once; later starts reuse the build unless sources changed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const marker = "build/server/index.js";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "database", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changedAt = Math.max(
  ...sources.filter((source) => fs.existsSync(source)).map((source) =>
    fs.statSync(source).isDirectory() ? newestMtime(source) : fs.statSync(source).mtimeMs,
  ),
);
if (changedAt > builtAt) {
  console.log("Gerando a versão de produção (react-router build)…");
  // The build's own output (the files built, the bundler's notes, in English and in colour) means
  // nothing to someone starting the shop and would end up in the shop's log: kept back unless the
  // build fails, and then shown without colour codes when the output is not a terminal.
  const build = spawnSync("npx", ["react-router", "build", "--logLevel", "warn"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" } });
  if (build.status !== 0) {
    const output = `${build.stdout ?? ""}${build.stderr ?? ""}${build.error ? String(build.error) : ""}`;
    // eslint-disable-next-line no-control-regex
    console.error(process.stdout.isTTY ? output : output.replace(/\u001b\[[0-9;]*m/g, ""));
    console.error("A versão de produção não foi gerada (erro acima). Corrija e rode `npm start` de novo.");
    process.exit(build.status ?? 1);
  }
  console.log("Versão de produção gerada.");
}
