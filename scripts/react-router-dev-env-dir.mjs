// Run by npm after every install (`postinstall`). @react-router/dev 7.x, the last line that runs on
// Node 20, starts its internal Vite servers (the one that reads react-router.config.ts, and the child
// compiler of route modules) with `envFile: false`. Vite 8.1 deprecated that option in favour of
// `envDir: false`, the same setting under its current name, and prints a warning each time: nine per
// `react-router build`, three per `react-router typegen`. React Router 8 made this change
// (remix-run/react-router#15230); 7.x did not get it. This makes the same change in the installed
// files, and does nothing once a release of @react-router/dev has no `envFile: false` left.
import fs from "node:fs";
import path from "node:path";

const PACKAGE = path.resolve(import.meta.dirname, "../node_modules/@react-router/dev");
const FILES = ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"];
const DEPRECATED = /\benvFile: false,/g;

if (!fs.existsSync(PACKAGE)) process.exit(0); // `npm install --omit=dev`: no build tools, nothing to change.

let changed = 0;
for (const file of FILES) {
  const full = path.join(PACKAGE, file);
  if (!fs.existsSync(full)) continue;
  const text = fs.readFileSync(full, "utf8");
  const count = text.match(DEPRECATED)?.length ?? 0;
  if (count === 0) continue;
  fs.writeFileSync(full, text.replace(DEPRECATED, "envDir: false,"));
  changed += count;
}
if (changed > 0) {
  const { version } = JSON.parse(fs.readFileSync(path.join(PACKAGE, "package.json"), "utf8"));
  console.log(`@react-router/dev ${version}: envFile: false → envDir: false in ${changed} places (scripts/react-router-dev-env-dir.mjs)`);
}
