import fs from "node:fs";
import tls from "node:tls";

// The Pix provider (PIX_PROVIDER and its variables, app/server/payments): read here with the rest of
// the environment, so a bad or missing value stops the start naming the variable, and no credential
// is ever repeated in a message.

/** Mercado Pago's API, unless MERCADOPAGO_API_URL points elsewhere (its sandbox, the tests' fake). */
export const MERCADOPAGO_API_URL = "https://api.mercadopago.com";

export type PixConfig = { expiresMinutes: number } & (
  | {
      provider: "bacen";
      apiUrl: string;
      clientId: string;
      clientSecret: string;
      certificate: { pem: Buffer } | { pkcs12: Buffer; password?: string };
      ca?: Buffer;
    }
  | { provider: "mercadopago"; accessToken: string; webhookSecret: string; apiUrl: string }
);


const DEFAULT_EXPIRES_MINUTES = 30;

function readFile(name: string, file: string, problems: string[]): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    problems.push(`  ${name}=${JSON.stringify(file)}: o arquivo não pôde ser lido`);
    return undefined;
  }
}

function httpsUrl(name: string, value: string | undefined, problems: string[], { allowLoopbackHttp = false } = {}): string | undefined {
  if (!value) {
    problems.push(`  ${name}: obrigatório com PIX_PROVIDER`);
    return undefined;
  }
  try {
    const url = new URL(value);
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    if (url.protocol === "https:" || (allowLoopbackHttp && loopback && url.protocol === "http:")) return value.replace(/\/+$/, "");
  } catch {
    // falls through to the message
  }
  problems.push(`  ${name}=${JSON.stringify(value)}: use o endereço https:// da API do provedor`);
  return undefined;
}

/** null: no provider (the static code and "Marcar como pago"). Problems are lines for the start's message. */
export function readPixConfig(env: Record<string, string | undefined>): { pix: PixConfig | null; problems: string[] } {
  const problems: string[] = [];
  const provider = env.PIX_PROVIDER;
  const minutesText = env.PIX_EXPIRES_MINUTES;
  let expiresMinutes = DEFAULT_EXPIRES_MINUTES;
  if (minutesText !== undefined) {
    const minutes = Number(minutesText);
    if (!/^\d+$/.test(minutesText) || minutes < 5 || minutes > 1440) problems.push(`  PIX_EXPIRES_MINUTES=${JSON.stringify(minutesText)}: um número de minutos de 5 a 1440`);
    else expiresMinutes = minutes;
  }
  if (!provider) return { pix: null, problems };

  if (provider === "bacen") {
    const apiUrl = httpsUrl("PIX_API_URL", env.PIX_API_URL, problems);
    const clientId = env.PIX_CLIENT_ID;
    const clientSecret = env.PIX_CLIENT_SECRET;
    if (!clientId) problems.push("  PIX_CLIENT_ID: obrigatório com PIX_PROVIDER=bacen");
    if (!clientSecret) problems.push("  PIX_CLIENT_SECRET: obrigatório com PIX_PROVIDER=bacen");
    let certificate: { pem: Buffer } | { pkcs12: Buffer; password?: string } | undefined;
    if (!env.PIX_CERT) problems.push("  PIX_CERT: obrigatório com PIX_PROVIDER=bacen (o certificado do cliente, .pem ou .p12)");
    else {
      const bytes = readFile("PIX_CERT", env.PIX_CERT, problems);
      if (bytes) {
        certificate = bytes.includes("-----BEGIN") ? { pem: bytes } : { pkcs12: bytes, password: env.PIX_CERT_PASSWORD };
        try {
          tls.createSecureContext("pem" in certificate ? { cert: bytes, key: bytes } : { pfx: bytes, passphrase: env.PIX_CERT_PASSWORD });
        } catch {
          problems.push(`  PIX_CERT=${JSON.stringify(env.PIX_CERT)}: não é um certificado com a chave (ou PIX_CERT_PASSWORD não abre o .p12)`);
          certificate = undefined;
        }
      }
    }
    const ca = env.PIX_CA ? readFile("PIX_CA", env.PIX_CA, problems) : undefined;
    if (problems.length || !apiUrl || !clientId || !clientSecret || !certificate) return { pix: null, problems };
    return { pix: { provider, expiresMinutes, apiUrl, clientId, clientSecret, certificate, ...(ca ? { ca } : {}) }, problems };
  }

  if (provider === "mercadopago") {
    const accessToken = env.MERCADOPAGO_ACCESS_TOKEN;
    const webhookSecret = env.MERCADOPAGO_WEBHOOK_SECRET;
    if (!accessToken) problems.push("  MERCADOPAGO_ACCESS_TOKEN: obrigatório com PIX_PROVIDER=mercadopago");
    if (!webhookSecret) problems.push("  MERCADOPAGO_WEBHOOK_SECRET: obrigatório com PIX_PROVIDER=mercadopago (a assinatura secreta dos webhooks)");
    const apiUrl = env.MERCADOPAGO_API_URL ? httpsUrl("MERCADOPAGO_API_URL", env.MERCADOPAGO_API_URL, problems, { allowLoopbackHttp: true }) : MERCADOPAGO_API_URL;
    if (problems.length || !accessToken || !webhookSecret || !apiUrl) return { pix: null, problems };
    return { pix: { provider, expiresMinutes, accessToken, webhookSecret, apiUrl }, problems };
  }

  problems.push(`  PIX_PROVIDER=${JSON.stringify(provider)}: use bacen ou mercadopago (ou deixe vazio para o código Pix estático)`);
  return { pix: null, problems };
}


// The fiscal provider (FISCAL_PROVIDER and its variables, app/server/fiscal): read with the rest of the
// environment, so a bad or missing value stops the start naming the variable; the token is never repeated.
