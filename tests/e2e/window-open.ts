import type { Page } from "@playwright/test";

/** Records what the page asks window.open to open (the contact form's WhatsApp); `blocked` plays a pop-up blocker. */
export async function recordWindowOpen(page: Page, { blocked = false } = {}) {
  await page.addInitScript((blockedPopups) => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return blockedPopups ? null : ({ opener: window } as unknown as Window);
    };
  }, blocked);
  return () => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
}
