import fs from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH when set, else Debian's
 * `chromium-headless-shell` (the same Chromium release built for headless use only, as Playwright's
 * own headless runs use), else Debian's `chromium`. The suite keeps both cores busy; on the same
 * specs the headless build used 97 s of CPU where the full browser used 161 s
 * (docs/decisions/0012-headless-chromium-for-tests.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
