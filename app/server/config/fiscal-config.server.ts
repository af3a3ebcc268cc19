// The fiscal provider (FISCAL_* variables, app/server/fiscal): read with the rest of the environment.
/** Focus NFe: its API's base (production or homologação) and the company's token (HTTP Basic user, empty password). */
export type FiscalConfig = { provider: "focusnfe"; apiUrl: string; token: string };

/** null: no provider (no fiscal documents). Problems are lines for the start's message. */
export function readFiscalConfig(env: Record<string, string | undefined>): { fiscal: FiscalConfig | null; problems: string[] } {
  const problems: string[] = [];
  const provider = env.FISCAL_PROVIDER;
  if (!provider) {
    for (const name of ["FISCAL_API_URL", "FISCAL_TOKEN"]) {
      if (env[name]) problems.push(`  FISCAL_PROVIDER: obrigatório quando ${name} está definido (use focusnfe)`);
    }
    return { fiscal: null, problems };
  }
  if (provider !== "focusnfe") {
    problems.push(`  FISCAL_PROVIDER=${JSON.stringify(provider)}: use focusnfe (ou deixe vazio para vender sem nota fiscal)`);
    return { fiscal: null, problems };
  }
  let apiUrl: string | undefined;
  const urlText = env.FISCAL_API_URL;
  if (!urlText) problems.push("  FISCAL_API_URL: obrigatório com FISCAL_PROVIDER=focusnfe (https://api.focusnfe.com.br ou https://homologacao.focusnfe.com.br)");
  else {
    try {
      const url = new URL(urlText);
      const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
      if ((url.protocol === "https:" || (loopback && url.protocol === "http:")) && !url.search && !url.hash && !url.username) apiUrl = urlText.replace(/\/+$/, "");
    } catch {
      // falls through to the message
    }
    if (!apiUrl) problems.push(`  FISCAL_API_URL=${JSON.stringify(urlText)}: use o endereço https:// da API, sem ? nem # (https://api.focusnfe.com.br ou https://homologacao.focusnfe.com.br)`);
  }
  const token = env.FISCAL_TOKEN;
  if (!token) problems.push("  FISCAL_TOKEN: obrigatório com FISCAL_PROVIDER=focusnfe (o token da empresa no painel da Focus NFe)");
  else if (!/^[A-Za-z0-9]{16,128}$/.test(token)) problems.push("  FISCAL_TOKEN=(oculto): deve ser o token da Focus NFe, só letras e números, sem espaços");
  if (problems.length || !apiUrl || !token) return { fiscal: null, problems };
  return { fiscal: { provider, apiUrl, token }, problems };
}
