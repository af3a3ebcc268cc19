// Click identifiers of ad and social platforms (a fresh `fbclid` on each click from Instagram or
// Facebook, `gclid` from Google Ads) and campaign tags (`utm_*`): on every link the feeds, ads and posts
// bring, read by no page (the order's source is read in the browser from the address itself,
// app/lib/orders/order-source.ts). Kept apart from page-query.ts: the account menu, in the shell
// chunk, needs only this.

/** Click identifiers of ad and social platforms, and campaign tags: new on every click, read by no page. */
const TRACKING_PARAM = /^(?:utm_[a-z_]*|fbclid|gclid|gbraid|wbraid|dclid|gclsrc|msclkid|ttclid|twclid|igshid|li_fat_id|mc_eid|_ga|_gl)$/i;

export function isTrackingParam(name: string): boolean {
  return TRACKING_PARAM.test(name);
}

/**
 * `search` without the click ids and campaign tags (for links a page builds from its own address), nor
 * the `browserParams` of the page's route (app/lib/pages/page-caching.ts), encoded one way.
 */
export function withoutTrackingParams(search: string, browserParams: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (isTrackingParam(name) || browserParams.includes(name)) params.delete(name);
  const rest = params.toString();
  return rest && `?${rest}`;
}
