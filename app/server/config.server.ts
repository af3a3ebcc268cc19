import { createECDH } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { passwordProblem } from "~/lib/account/password-rule";
import { z } from "~/lib/forms/validation";
import { readFiscalConfig, type FiscalConfig } from "./config/fiscal-config.server";
import { ConfigError } from "./config/config-error.server";
import { isListenableHost, isTrustProxySetting, parseTrustProxy } from "./config/listen-address.server";
import { readPixConfig, type PixConfig } from "./config/pix-config.server";

/**
 * Whether a BETTER_AUTH_SECRET looks typed by a person rather than generated: a placeholder left in
 * (changeme, secret…) or too few different characters, as in "xxxx…" or a word repeated to length.
 * Generated secrets (openssl rand -base64 32 or -hex 32) pass easily: their characters are spread out.
 */
function isGuessableSecret(secret: string): boolean {
  const lower = secret.toLowerCase();
  if (["changeme", "change-me", "change_me", "secret", "segredo", "password", "senha", "example", "exemplo", "placeholder"].some((word) => lower.includes(word))) {
    return true;
  }
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  // Shannon entropy of the characters' spread, in bits per character: 0 for "xxxx…", about 2.8 for
  // "changeme" repeated, about 3.9 for hex and 5 for base64 output.
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const share = count / secret.length;
    bitsPerChar -= share * Math.log2(share);
  }
  return counts.size < 10 || bitsPerChar < 3.2;
}

const HOW_TO_GENERATE = "gere com: openssl rand -base64 32";
const HOW_TO_GENERATE_VAPID = "gere o par com: npx web-push generate-vapid-keys";
/** The Graph API base the WhatsApp messages go to when WHATSAPP_API_URL is unset (its version moves slowly: docs/whatsapp.md). */
export const WHATSAPP_DEFAULT_API_URL = "https://graph.facebook.com/v23.0";

/** How many processes of a kind, from `least` to 64. */
const processCount = (least: number) =>
  z.coerce.number({ error: "deve ser um número de processos" }).int("deve ser um número inteiro").min(least, `deve ser pelo menos ${least}`).max(64, "deve ser no máximo 64").optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "deve ser um número de porta" })
    .int("deve ser um número inteiro")
    .min(1, "deve estar entre 1 e 65535")
    .max(65535, "deve estar entre 1 e 65535")
    .default(3000),
  // An address of this machine (127.0.0.1 behind a proxy on the same machine), or all of them.
  HOST: z
    .string()
    .refine(isListenableHost, "deve ser um endereço desta máquina, como 127.0.0.1, :: ou localhost")
    .optional(),
  WEB_CONCURRENCY: processCount(1),
  // Processes rendering crawlers' pages in the idle class, apart from the shoppers' (server/crawler-renders.ts).
  RENDER_WORKERS: processCount(0),
  // New orders one address may place in 10 minutes, and one phone number in an hour (orders/order-limits).
  ORDER_LIMIT_PER_ADDRESS: z.coerce.number({ error: "deve ser um número de pedidos" }).int("deve ser um número inteiro").min(1, "deve ser pelo menos 1").optional(),
  ORDER_LIMIT_PER_PHONE: z.coerce.number({ error: "deve ser um número de pedidos" }).int("deve ser um número inteiro").min(1, "deve ser pelo menos 1").optional(),
  // Units one address, or one phone, may hold at once in pending orders (orders/order-limits).
  ORDER_LIMIT_HELD_UNITS: z.coerce.number({ error: "deve ser um número de unidades" }).int("deve ser um número inteiro").min(1, "deve ser pelo menos 1").optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "deve ser uma URL postgres:// válida" }).optional(),
  DATA_DIR: z.string().min(1, "não pode ser vazio").default("./data"),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "deve ser uma URL http(s):// absoluta" }).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "deve ser fatal, error, warn, info, debug, trace ou silent" }).default("info"),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, `deve ter pelo menos 32 caracteres (${HOW_TO_GENERATE})`)
    .refine((secret) => !isGuessableSecret(secret), `é fraco demais, previsível ou repetitivo (${HOW_TO_GENERATE})`)
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // For tests only: Google sign-in against another OpenID Connect provider (tests/e2e/google.spec.ts),
  // on this machine: set by mistake on a server, it cannot hand the shop's sign-in to someone else's
  // provider.
  GOOGLE_OIDC_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: "deve ser uma URL http(s):// absoluta (só para testes)" })
    .refine(isLoopbackUrl, "só para testes: deve apontar para um provedor neste computador (localhost, 127.0.0.1 ou [::1])")
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "deve ser uma URL smtp:// ou smtps:// (ex.: smtps://usuario:senha@smtp.exemplo.com)" })
    .optional(),
  SMTP_FROM: z
    .string()
    .regex(/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/, "deve ser um e-mail, ou Nome <e-mail>")
    .optional(),
  ADMIN_EMAIL: z.email({ error: "deve ser um e-mail válido" }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  // Web Push to staff devices: the VAPID key pair (both or neither; unset: generated and kept in DATA_DIR).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, `deve ser a chave pública VAPID, 87 caracteres base64url (${HOW_TO_GENERATE_VAPID})`).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, `deve ser a chave privada VAPID, 43 caracteres base64url (${HOW_TO_GENERATE_VAPID})`).optional(),
  // Who the push services (Google, Apple, Mozilla) contact about this sender.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s/]+\S*)$/, "deve ser mailto:voce@exemplo.com ou uma URL https://")
    .optional(),
  // Uploaded images in an S3-compatible bucket (media/media-storage.server.ts) instead of DATA_DIR/media.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "deve ser o nome de um bucket: 3 a 63 letras minúsculas, números, pontos ou hífens")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "deve ser a URL http(s):// do serviço S3 (ex.: https://s3.us-east-005.backblazeb2.com)" })
    .refine((url) => !/^https?:\/\/[^/]*@/.test(url), "não deve conter usuário ou senha: use S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY")
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, "deve ser uma região como us-east-1 ou auto").optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // The base the pages use for images: the bucket's public address or a CDN; unset, /media on the app.
  MEDIA_URL: z
    .url({ protocol: /^https?$/, error: "deve ser uma URL http(s):// absoluta (o endereço público do bucket ou da CDN)" })
    .refine((url) => !/[?#]/.test(url), "não deve ter ? nem #: é a base à qual se junta o nome de cada imagem")
    .optional(),
  // The shopper's address from the CEP (delivery/cep-lookup.server.ts): a template answering ViaCEP's JSON.
  CEP_LOOKUP_URL: z
    .url({ protocol: /^https?$/, error: "deve ser uma URL http(s):// com {cep} (ex.: https://viacep.com.br/ws/{cep}/json/)" })
    .refine((url) => url.includes("{cep}"), "deve conter {cep}, onde entra o CEP (ex.: https://viacep.com.br/ws/{cep}/json/)")
    .optional(),
  // Carrier quotes beyond the towns (delivery/melhor-envio.server.ts): the token and the API's base address.
  MELHOR_ENVIO_TOKEN: z.string().regex(/^\S{20,}$/, "deve ser o token de acesso do Melhor Envio (sem espaços)").optional(),
  MELHOR_ENVIO_URL: z
    .url({ protocol: /^https?$/, error: "deve ser a URL http(s):// da API (https://melhorenvio.com.br ou https://sandbox.melhorenvio.com.br)" })
    .refine((url) => !/[?#]/.test(url), "deve ser só o endereço base, sem ? nem #")
    .optional(),
  // The shop's own WhatsApp messages to shoppers (orders/whatsapp-*.server.ts, docs/whatsapp.md): all four or none.
  WHATSAPP_TOKEN: z.string().regex(/^\S{20,}$/, "deve ser o token de acesso de um usuário do sistema da Meta (sem espaços)").optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,20}$/, "deve ser o identificador numérico do número (Phone number ID no WhatsApp Manager)").optional(),
  WHATSAPP_APP_SECRET: z.string().regex(/^\S{16,}$/, "deve ser a chave secreta do aplicativo da Meta (sem espaços)").optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().regex(/^[A-Za-z0-9._~-]{16,}$/, "deve ter 16 ou mais letras, números, pontos, hífens ou sublinhados (o mesmo digitado na Meta)").optional(),
  WHATSAPP_API_URL: z
    .url({ protocol: /^https?$/, error: `deve ser a URL da Graph API com a versão (ex.: ${WHATSAPP_DEFAULT_API_URL})` })
    .refine((url) => url.startsWith("https://") || isLoopbackUrl(url), "deve usar https:// (http só para um endereço desta máquina)")
    .refine((url) => !/[?#]/.test(url), "deve ser só o endereço base, sem ? nem #")
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      isTrustProxySetting,
      'deve ser "true", um número de proxies, ou endereços/redes separados por vírgula (ex.: "loopback" ou "10.0.0.0/8")',
    )
    .optional(),
}).superRefine((env, ctx) => {
  // Half a pair is a typo, not a choice: say so at start-up instead of silently turning the feature off.
  const pairs = [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
    ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
    ["MELHOR_ENVIO_TOKEN", "MELHOR_ENVIO_URL"],
  ] as const;
  for (const [a, b] of pairs) {
    if (env[a] && !env[b]) ctx.addIssue({ code: "custom", path: [b], message: `obrigatório quando ${a} está definido` });
    if (env[b] && !env[a]) ctx.addIssue({ code: "custom", path: [a], message: `obrigatório quando ${b} está definido` });
  }
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && !isVapidKeyPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: `não é a chave pública de VAPID_PRIVATE_KEY (${HOW_TO_GENERATE_VAPID})` });
  }
  if (!env.S3_BUCKET) {
    for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID"] as const) {
      if (env[name]) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `obrigatório quando ${name} está definido (o bucket onde ficam as imagens)` });
    }
  } else if (!env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: "custom", path: ["S3_ACCESS_KEY_ID"], message: "obrigatório quando S3_BUCKET está definido (com S3_SECRET_ACCESS_KEY)" });
  }
  const whatsapp = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;
  const whatsappSet = whatsapp.filter((name) => env[name]);
  if (whatsappSet.length > 0 || env.WHATSAPP_API_URL) {
    for (const name of whatsapp) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `obrigatório com as outras variáveis WHATSAPP_ (${whatsappSet[0] ?? "WHATSAPP_API_URL"} está definido)` });
    }
  }
  if (env.SMTP_URL && !env.SMTP_FROM) {
    ctx.addIssue({ code: "custom", path: ["SMTP_FROM"], message: "obrigatório quando SMTP_URL está definido (ex.: Loja Erick <loja@exemplo.com>)" });
  }
});

function isLoopbackUrl(value: string): boolean {
  const { hostname } = new URL(value);
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The push services accept any mailto: or https: contact; Apple's refuses a localhost one. Set
 * VAPID_SUBJECT (or an https PUBLIC_URL) so they can reach the shop about its pushes.
 */
const DEFAULT_VAPID_SUBJECT = "mailto:loja@exemplo.com";

/** The Pix provider's credentials (see readPixConfig below). */
const PIX_SECRET_VARIABLES = ["PIX_CLIENT_SECRET", "PIX_CERT_PASSWORD", "MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"];

/** Never echoed in error messages: start-up output often ends up in shared logs. */
const SECRET_VARIABLES = new Set([...PIX_SECRET_VARIABLES, "FISCAL_TOKEN", "VAPID_PRIVATE_KEY", "BETTER_AUTH_SECRET", "GOOGLE_CLIENT_SECRET", "ADMIN_PASSWORD", "SMTP_URL", "DATABASE_URL", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "MELHOR_ENVIO_TOKEN", "WHATSAPP_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"]);

/** An S3-compatible bucket for the media (S3_*): path-style addressing when an endpoint is given. */
export type S3Settings = { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string };

/** Whether `publicKey` is the P-256 public key of `privateKey` (both base64url, as web-push prints them). */
export function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const curve = createECDH("prime256v1");
    curve.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return curve.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

export type AppConfig = {
  port: number;
  /** HOST: the address the server listens on; undefined listens on every address of the machine. */
  host: string | undefined;
  /** WEB_CONCURRENCY: how many processes serve requests (production), by default one per core. */
  webConcurrency: number;
  /** RENDER_WORKERS: processes rendering crawlers' pages and renders ahead at a low priority besides those (with several); 0 by default. */
  renderWorkers: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Absolute origin used in share previews and sitemaps; when unset, taken from each request. */
  publicUrl: string | undefined;
  /** DATA_DIR/media: the images when no bucket is configured (and what `npm run media:migrate` copies). */
  mediaDir: string;
  /** S3_*: the bucket that holds the images instead of mediaDir; null keeps them in mediaDir. */
  s3: S3Settings | null;
  /** MEDIA_URL without a trailing slash: where pages point images at; "/media" (the app) by default. */
  mediaUrl: string;
  production: boolean;
  /** BETTER_AUTH_SECRET; when unset, the auth layer keeps a generated one in DATA_DIR/auth-secret. */
  authSecret: string | undefined;
  /**
   * Google sign-in, when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. `discoveryUrl`
   * (GOOGLE_OIDC_DISCOVERY_URL, for tests only) points it at another OpenID Connect provider.
   */
  google: { clientId: string; clientSecret: string; discoveryUrl?: string } | null;
  /** SMTP delivery; when null, e-mails are written to `outboxDir` instead. */
  smtp: { url: string; from: string } | null;
  outboxDir: string;
  /** ADMIN_EMAIL + ADMIN_PASSWORD: this admin is created (or promoted) on start. */
  initialAdmin: { email: string; password: string } | null;
  /**
   * TRUST_PROXY, as Express's "trust proxy" setting: which proxies' X-Forwarded-For to believe for
   * the client address (rate limits are per address). false: the connection's own address.
   */
  trustProxy: boolean | number | string;
  /**
   * ORDER_LIMIT_PER_ADDRESS (per 10 minutes, default 30) and ORDER_LIMIT_PER_PHONE (per hour, default 10);
   * ORDER_LIMIT_HELD_UNITS (default 60), the units one address or phone holds at once in pending orders
   * (absent in a hand-made config, such as a test's that keeps the limits out of the way: not limited).
   */
  orderLimits: { perAddress: number; perPhone: number; heldUnits?: number };
  /**
   * Web Push: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (null: generated on the first start and kept in
   * DATA_DIR/vapid-keys.json, see notifications/vapid-keys.server.ts), and VAPID_SUBJECT, by default
   * PUBLIC_URL when it is https.
   */
  vapid: { keys: { publicKey: string; privateKey: string } | null; subject: string };
  /** PIX_PROVIDER and its variables (payments/pix-config.server.ts); null: the static Pix code. */
  pix: PixConfig | null;
  /**
   * FISCAL_PROVIDER and its variables (app/server/fiscal, docs/fiscal.md): NFC-e and NF-e through the
   * provider; null (or absent in a hand-made config): no fiscal documents, the receipt says "Sem valor fiscal".
   */
  fiscal?: FiscalConfig | null;
  /** CEP_LOOKUP_URL: where a CEP's street, bairro and town come from ({cep} in it); null: the shopper types them. */
  cepLookupUrl: string | null;
  /** MELHOR_ENVIO_TOKEN + MELHOR_ENVIO_URL: carrier quotes beyond the towns; null: the fallback table by state only. */
  melhorEnvio: { token: string; url: string } | null;
  /** WHATSAPP_*: the shop sends its own messages to shoppers who agreed (docs/whatsapp.md); null: the clerk's manual wa.me links. */
  whatsapp: WhatsAppConfig | null;
  /** LOG_LEVEL: the least severe level written (info: one line per request, warnings, errors). */
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
};

/** The WhatsApp Business Platform (Cloud API): the Graph API base with its version, the number that sends, and the webhook's secrets. */
export type WhatsAppConfig = { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string };


/**
 * Reads and validates the environment; the error names each bad variable so start-up fails clearly.
 * What is allowed but risky is said through `warn` (the console by default).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { warn = console.warn }: { warn?: (message: string) => void } = {},
): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const { values, pixSettings, fiscalSettings } = validEnvironment(cleaned);
  if (values.PUBLIC_URL && isPlainHttpElsewhere(values.PUBLIC_URL)) {
    warn(
      `Aviso: PUBLIC_URL=${JSON.stringify(values.PUBLIC_URL)} não usa https: senhas e cookies de sessão ` +
        "trafegam sem criptografia. Use https:// fora desta máquina.",
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    webConcurrency: values.WEB_CONCURRENCY ?? os.availableParallelism(),
    // Opt-in: docs/decisions/0029-crawlers-rendered-apart.md.
    renderWorkers: values.RENDER_WORKERS ?? 0,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ""),
    mediaDir: path.join(dataDir, "media"),
    s3: s3Bucket(values),
    mediaUrl: values.MEDIA_URL?.replace(/\/+$/, "") ?? "/media",
    production: values.NODE_ENV === "production",
    authSecret: values.BETTER_AUTH_SECRET,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            ...(values.GOOGLE_OIDC_DISCOVERY_URL ? { discoveryUrl: values.GOOGLE_OIDC_DISCOVERY_URL } : {}),
          }
        : null,
    smtp: values.SMTP_URL && values.SMTP_FROM ? { url: values.SMTP_URL, from: values.SMTP_FROM } : null,
    outboxDir: path.join(dataDir, "outbox"),
    initialAdmin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD }
        : null,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL,
    vapid: {
      keys: values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY } : null,
      subject: values.VAPID_SUBJECT ?? (values.PUBLIC_URL?.startsWith("https://") ? values.PUBLIC_URL.replace(/\/+$/, "") : DEFAULT_VAPID_SUBJECT),
    },
    orderLimits: { perAddress: values.ORDER_LIMIT_PER_ADDRESS ?? 30, perPhone: values.ORDER_LIMIT_PER_PHONE ?? 10, heldUnits: values.ORDER_LIMIT_HELD_UNITS ?? 60 },
    pix: pixSettings.pix,
    fiscal: fiscalSettings.fiscal,
    cepLookupUrl: values.CEP_LOOKUP_URL ?? null,
    melhorEnvio:
      values.MELHOR_ENVIO_TOKEN && values.MELHOR_ENVIO_URL ? { token: values.MELHOR_ENVIO_TOKEN, url: values.MELHOR_ENVIO_URL.replace(/\/+$/, "") } : null,
    whatsapp: whatsAppSender(values),
  };
}

type EnvValues = z.infer<typeof envSchema>;

/** The environment through its schema and the Pix and fiscal providers' readers; every bad variable in one error. */
function validEnvironment(cleaned: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(cleaned);
  const pixSettings = readPixConfig(cleaned);
  const fiscalSettings = readFiscalConfig(cleaned);
  if (!parsed.success || pixSettings.problems.length || fiscalSettings.problems.length) {
    const lines = (parsed.error?.issues ?? []).map(
      (issue) => {
        const name = String(issue.path[0]);
        const value = SECRET_VARIABLES.has(name) && cleaned[name] ? "(oculto)" : JSON.stringify(cleaned[name] ?? "");
        return `  ${issue.path.join(".")}=${value}: ${issue.message}`;
      },
    );
    throw new ConfigError(`Configuração inválida no ambiente:\n${[...lines, ...pixSettings.problems, ...fiscalSettings.problems].join("\n")}`);
  }
  return { values: parsed.data, pixSettings, fiscalSettings };
}

/** S3_*: the bucket media go to, when its name and keys are all given. */
function s3Bucket(values: EnvValues): AppConfig["s3"] {
  return values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
    ? {
        bucket: values.S3_BUCKET,
        region: values.S3_REGION ?? "us-east-1",
        endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ""),
        accessKeyId: values.S3_ACCESS_KEY_ID,
        secretAccessKey: values.S3_SECRET_ACCESS_KEY,
      }
    : null;
}

/** WHATSAPP_*: the shop's own sender, when its token, number and both webhook secrets are all given. */
function whatsAppSender(values: EnvValues): WhatsAppConfig | null {
  return values.WHATSAPP_TOKEN && values.WHATSAPP_PHONE_NUMBER_ID && values.WHATSAPP_APP_SECRET && values.WHATSAPP_VERIFY_TOKEN
    ? {
        token: values.WHATSAPP_TOKEN,
        phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
        appSecret: values.WHATSAPP_APP_SECRET,
        verifyToken: values.WHATSAPP_VERIFY_TOKEN,
        apiUrl: (values.WHATSAPP_API_URL ?? WHATSAPP_DEFAULT_API_URL).replace(/\/+$/, ""),
      }
    : null;
}

/** http:// to a host other than this machine, where anyone on the way can read the traffic. */
function isPlainHttpElsewhere(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  if (url.protocol !== "http:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return !(host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host));
}
