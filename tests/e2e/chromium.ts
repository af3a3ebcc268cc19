import fs from "node:fs";

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH when set, else Debian's
 * `chromium-headless-shell` (the same Chromium release built for headless use only, as Playwright's
 * own headless runs use: the whole suite takes about a fifth less time than with the full browser,
 * whose compositor and browser process cost the most CPU here), else Debian's `chromium`.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ?? "/usr/bin/chromium";
