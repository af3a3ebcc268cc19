/**
 * A carrier's tracking code as the clerk types it ("QB123456789BR", "JD0012345678"): letters and digits,
 * spaces and dashes dropped, upper case; null when it is not one.
 */
export function normalizeTrackingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{6,40}$/.test(code) ? code : null;
}

/** Where the shopper follows the parcel: Melhor Rastreio follows Correios, Jadlog and the others by code. */
export function trackingUrl(code: string): string {
  return `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code)}`;
}
