import type { Page } from "@playwright/test";

/**
 * The JSON-LD blocks of the page at the browser's current URL, as a crawler gets them: from the server's
 * HTML (with the browser's cookies). The server alone writes them (app/components/ui/json-ld.tsx); a
 * page reached by a click in the browser keeps the first page's, or none.
 */
export async function structuredDataOf(page: Page): Promise<Record<string, unknown>[]> {
  const html = await (await page.request.get(page.url())).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}
