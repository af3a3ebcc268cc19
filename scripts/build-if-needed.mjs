// `npm start` on a fresh clone builds once; later starts reuse the build unless sources changed.
import { execSync } from "node:child_process";
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
  // Warnings and errors only: the list of built files means nothing to someone starting the shop.
  execSync("npx react-router build --logLevel warn", { stdio: "inherit" });
}
