import os from "node:os";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "./config.server";
import { ConfigError } from "./config/config-error.server";
import { checkListenAddress } from "./config/listen-address.server";

/** As `openssl rand -base64 32` prints. */
const GENERATED_SECRET = "q3Vt8wzK1mXo9RbE2cYhL5nJ0aP7sUdF4gTiW6kMvQ8=";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (caught) {
    expect(caught).toBeInstanceOf(ConfigError);
    return (caught as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith("/data")).toBe(true);
    expect(config.mediaDir.endsWith("/data/media")).toBe(true);
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT="abc"/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "loja.com" })).toThrow(/PUBLIC_URL/);
  });

  it("runs one process per core unless WEB_CONCURRENCY says how many", () => {
    expect(loadConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    for (const bad of ["0", "-1", "dois", "1.5"]) expect(configError({ WEB_CONCURRENCY: bad })).toMatch(/WEB_CONCURRENCY=/);
  });

  it("renders crawlers' pages with the shoppers' unless RENDER_WORKERS asks for processes of their own", () => {
    expect(loadConfig({}).renderWorkers).toBe(0);
    expect(loadConfig({ RENDER_WORKERS: "2" }).renderWorkers).toBe(2);
    for (const bad of ["-1", "dois", "1.5", "65"]) expect(configError({ RENDER_WORKERS: bad })).toMatch(/RENDER_WORKERS=/);
  });

  it("trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://erick.com.br/" }).publicUrl).toBe("https://erick.com.br");
  });

  it("leaves the account options off by default", () => {
    const config = loadConfig({});
    expect(config.authSecret).toBeUndefined();
    expect(config.google).toBeNull();
    expect(config.smtp).toBeNull();
    expect(config.initialAdmin).toBeNull();
    expect(config.trustProxy).toBe(false);
    expect(config.outboxDir.endsWith("/data/outbox")).toBe(true);
  });

  it("reads the account options", () => {
    const config = loadConfig({
      BETTER_AUTH_SECRET: GENERATED_SECRET,
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "segredo",
      SMTP_URL: "smtps://loja:senha@smtp.exemplo.com",
      SMTP_FROM: "Loja Erick <loja@exemplo.com>",
      ADMIN_EMAIL: "Dono@Exemplo.com",
      ADMIN_PASSWORD: "uma senha longa",
    });
    expect(config.authSecret).toBe(GENERATED_SECRET);
    expect(config.google).toEqual({ clientId: "id.apps.googleusercontent.com", clientSecret: "segredo" });
    expect(config.smtp).toEqual({ url: "smtps://loja:senha@smtp.exemplo.com", from: "Loja Erick <loja@exemplo.com>" });
    expect(config.initialAdmin).toEqual({ email: "dono@exemplo.com", password: "uma senha longa" });
  });

  it("reads TRUST_PROXY as Express's trust proxy setting", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(() => loadConfig({ TRUST_PROXY: "sim; por favor" })).toThrow(/TRUST_PROXY="sim; por favor"/);
  });

  it("accepts every form of TRUST_PROXY that Express takes, and refuses the rest before anything starts", () => {
    for (const good of ["loopback", "linklocal,uniquelocal", "10.0.0.0/8", "10.0.0.0/255.0.0.0", "127.0.0.1", "fd00::/8", "::1", "loopback, 172.16.0.0/12"]) {
      expect(loadConfig({ TRUST_PROXY: good }).trustProxy, good).toBe(good);
    }
    for (const bad of ["banana", "10.0.0.0/33", "999.1.1.1", "loopback, banana", "fd00::/129", "10.0.0.0/8/8", "::1/255.0.0.0"]) {
      expect(configError({ TRUST_PROXY: bad }), bad).toContain(`TRUST_PROXY=${JSON.stringify(bad)}: deve ser "true"`);
    }
  });

  it("refuses a HOST this machine cannot listen on", () => {
    for (const good of ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost"]) expect(loadConfig({ HOST: good }).host, good).toBe(good);
    // A name other than localhost (HOST=nope used to pass, create the data directory, the database and
    // the keys, store http://nope:PORT as the public address and die later with a stack trace).
    for (const bad of ["999.1.1.1", "203.0.113.7", "1.2.3", "loja erick", "::g", "nope", "loja.exemplo.com.br", "localhost.localdomain"]) {
      expect(configError({ HOST: bad }), bad).toMatch(/HOST=".*": deve ser um endereço desta máquina/);
    }
  });

  it("listens on HOST for a moment before the start creates anything, and names HOST when it cannot", async () => {
    await expect(checkListenAddress("127.0.0.1")).resolves.toBeUndefined();
    await expect(checkListenAddress(undefined)).resolves.toBeUndefined();
    const refusal = await checkListenAddress("192.0.2.1").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toMatch(/^Configuração inválida no ambiente:\n {2}HOST="192\.0\.2\.1": não é possível escutar neste endereço \(EADDRNOTAVAIL\)$/);
  });

  it("names LOG_LEVEL when it is no level", () => {
    expect(configError({ LOG_LEVEL: "verbose" })).toMatch(/LOG_LEVEL="verbose": deve ser fatal, error, warn, info, debug, trace ou silent/);
  });

  it("names the bad account variable without echoing secrets", () => {
    const error = configError;
    expect(error({ BETTER_AUTH_SECRET: "curto-demais" })).toMatch(/BETTER_AUTH_SECRET=\(oculto\): deve ter pelo menos 32/);
    expect(error({ BETTER_AUTH_SECRET: "curto-demais" })).not.toContain("curto-demais");
    expect(error({ GOOGLE_CLIENT_ID: "id" })).toMatch(/GOOGLE_CLIENT_SECRET="": obrigatório quando GOOGLE_CLIENT_ID/);
    expect(error({ GOOGLE_CLIENT_SECRET: "s" })).toMatch(/GOOGLE_CLIENT_ID="": obrigatório quando GOOGLE_CLIENT_SECRET/);
    expect(error({ SMTP_URL: "http://smtp.exemplo.com", SMTP_FROM: "a@b.c" })).toMatch(/SMTP_URL=\(oculto\): deve ser uma URL smtp/);
    expect(error({ SMTP_URL: "smtp://smtp.exemplo.com" })).toMatch(/SMTP_FROM="": obrigatório quando SMTP_URL/);
    expect(error({ SMTP_FROM: "loja" })).toMatch(/SMTP_FROM="loja": deve ser um e-mail/);
    expect(error({ ADMIN_EMAIL: "dono" , ADMIN_PASSWORD: "12345678" })).toMatch(/ADMIN_EMAIL="dono": deve ser um e-mail válido/);
    expect(error({ ADMIN_EMAIL: "dono@exemplo.com", ADMIN_PASSWORD: "curta" })).toMatch(/ADMIN_PASSWORD=\(oculto\): A senha deve ter pelo menos 8/);
    expect(error({ ADMIN_EMAIL: "dono@exemplo.com" })).toMatch(/ADMIN_PASSWORD="": obrigatório quando ADMIN_EMAIL/);
  });

  it("takes the tests' OpenID Connect provider for Google only on this machine", () => {
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "segredo" };
    for (const discovery of ["https://accounts.exemplo.com/.well-known/openid-configuration", "http://10.0.0.5:4000/.well-known/openid-configuration", "http://127.evil.com/x"]) {
      expect(configError({ ...google, GOOGLE_OIDC_DISCOVERY_URL: discovery })).toMatch(/GOOGLE_OIDC_DISCOVERY_URL=.*só para testes: deve apontar para um provedor neste computador/);
    }
    for (const discovery of ["http://127.0.0.1:4123/.well-known/openid-configuration", "http://localhost:4123/x", "http://[::1]:4123/x"]) {
      expect(loadConfig({ ...google, GOOGLE_OIDC_DISCOVERY_URL: discovery }).google).toMatchObject({ discoveryUrl: discovery });
    }
  });
});

describe("BETTER_AUTH_SECRET", () => {
  it("accepts what openssl rand prints (base64 and hex)", () => {
    expect(loadConfig({ BETTER_AUTH_SECRET: GENERATED_SECRET }).authSecret).toBe(GENERATED_SECRET);
    const hex = "9f2c4e7a1b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f607182939a4b5c6d7e";
    expect(loadConfig({ BETTER_AUTH_SECRET: hex }).authSecret).toBe(hex);
  });

  it("refuses a guessable one, naming the variable without echoing it", () => {
    for (const weak of [
      "x".repeat(40),
      "changeme".repeat(4),
      "changeme-please-this-is-long-enough-1",
      "secret-key-for-the-shop-of-erick-2026",
      "Minha senha super secreta da loja Erick!",
      "abababababababababababababababab",
      "12341234123412341234123412341234",
    ]) {
      const message = configError({ BETTER_AUTH_SECRET: weak });
      expect(message, weak).toMatch(/BETTER_AUTH_SECRET=\(oculto\): é fraco demais/);
      expect(message).toContain("openssl rand -base64 32");
      expect(message).not.toContain(weak);
    }
  });
});

describe("ADMIN_PASSWORD", () => {
  it("follows the password rule: long ones allowed, common ones refused", () => {
    const long = "uma frase comprida como senha de administrador ".repeat(2);
    expect(loadConfig({ ADMIN_EMAIL: "dono@exemplo.com", ADMIN_PASSWORD: long }).initialAdmin?.password).toBe(long);
    expect(configError({ ADMIN_EMAIL: "dono@exemplo.com", ADMIN_PASSWORD: "Senha123" })).toMatch(/ADMIN_PASSWORD=\(oculto\): Essa senha é muito comum/);
    expect(configError({ ADMIN_EMAIL: "dono@exemplo.com", ADMIN_PASSWORD: "x".repeat(129) })).toMatch(/ADMIN_PASSWORD=\(oculto\): A senha deve ter no máximo 128/);
  });
});

describe("PUBLIC_URL over plain http", () => {
  const warnings = (publicUrl: string) => {
    const warn = vi.fn<(message: string) => void>();
    loadConfig({ PUBLIC_URL: publicUrl }, { warn });
    return warn.mock.calls.map(([message]) => message);
  };

  it("warns at start when the host is not this machine", () => {
    for (const url of ["http://loja.exemplo.com", "http://192.168.0.10:3000", "http://[2001:db8::1]/"]) {
      const [warning, ...more] = warnings(url);
      expect(more, url).toEqual([]);
      expect(warning, url).toMatch(/^Aviso: PUBLIC_URL=".*" não usa https/);
    }
  });

  it("stays quiet for https and for loopback", () => {
    for (const url of ["https://loja.exemplo.com", "http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://loja.localhost"]) {
      expect(warnings(url), url).toEqual([]);
    }
  });

  it("writes to the console by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      loadConfig({ PUBLIC_URL: "http://loja.exemplo.com" });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  describe("media in a bucket", () => {
    const bucket = { S3_BUCKET: "erick-media", S3_ACCESS_KEY_ID: "AKIAEXEMPLO", S3_SECRET_ACCESS_KEY: "segredo-do-bucket-123" };

    it("keeps the images in DATA_DIR/media, served at /media, unless told otherwise", () => {
      const config = loadConfig({});
      expect(config.s3).toBeNull();
      expect(config.mediaUrl).toBe("/media");
    });

    it("reads the bucket, path-style through an endpoint, and the MEDIA_URL base", () => {
      const config = loadConfig({ ...bucket, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_REGION: "auto", MEDIA_URL: "https://cdn.exemplo.com/fotos/" });
      expect(config.s3).toEqual({ bucket: "erick-media", region: "auto", endpoint: "http://127.0.0.1:9000", accessKeyId: "AKIAEXEMPLO", secretAccessKey: "segredo-do-bucket-123" });
      expect(config.mediaUrl).toBe("https://cdn.exemplo.com/fotos");
      expect(loadConfig(bucket).s3).toMatchObject({ region: "us-east-1", endpoint: undefined });
    });

    it("refuses half a bucket setting, naming what is missing", () => {
      expect(configError({ S3_BUCKET: "erick-media" })).toMatch(/S3_ACCESS_KEY_ID=.*obrigatório quando S3_BUCKET/);
      expect(configError({ S3_BUCKET: "erick-media", S3_ACCESS_KEY_ID: "AKIAEXEMPLO" })).toMatch(/S3_SECRET_ACCESS_KEY=.*obrigatório quando S3_ACCESS_KEY_ID/);
      expect(configError({ S3_BUCKET: "erick-media", S3_SECRET_ACCESS_KEY: "segredo-do-bucket-123" })).toMatch(/S3_ACCESS_KEY_ID=.*obrigatório quando S3_SECRET_ACCESS_KEY/);
      expect(configError({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toMatch(/S3_BUCKET=.*obrigatório quando S3_ENDPOINT/);
      expect(configError({ ...bucket, S3_BUCKET: "Fotos_Loja" })).toMatch(/S3_BUCKET="Fotos_Loja": deve ser o nome de um bucket/);
      expect(configError({ MEDIA_URL: "cdn.exemplo.com" })).toMatch(/MEDIA_URL=/);
      expect(configError({ MEDIA_URL: "https://cdn.exemplo.com/?v=1" })).toMatch(/MEDIA_URL=.*não deve ter \?/);
    });

    it("never echoes the keys, nor an endpoint carrying a password", () => {
      const message = configError({ ...bucket, S3_ACCESS_KEY_ID: "AKIAEXEMPLO", S3_SECRET_ACCESS_KEY: "", S3_ENDPOINT: "https://chave:senha-secreta@s3.exemplo.com" });
      expect(message).toMatch(/S3_ENDPOINT=\(oculto\): não deve conter usuário ou senha/);
      expect(message).toMatch(/S3_SECRET_ACCESS_KEY=/);
      expect(message).not.toMatch(/senha-secreta|AKIAEXEMPLO/);
      expect(configError({ ...bucket, S3_ACCESS_KEY_ID: "" })).not.toMatch(/segredo-do-bucket-123/);
    });
  });

  describe("delivery (CEP_LOOKUP_URL, MELHOR_ENVIO_*)", () => {
    it("leaves the CEP lookup and the carrier quotes off by default", () => {
      const config = loadConfig({});
      expect(config.cepLookupUrl).toBeNull();
      expect(config.melhorEnvio).toBeNull();
    });
    it("takes ViaCEP's template and a Melhor Envio token with its base address", () => {
      const config = loadConfig({
        CEP_LOOKUP_URL: "https://viacep.com.br/ws/{cep}/json/",
        MELHOR_ENVIO_TOKEN: "eyJ0eXAiOiJKV1QiLCJhbGciOi.token",
        MELHOR_ENVIO_URL: "https://sandbox.melhorenvio.com.br/",
      });
      expect(config.cepLookupUrl).toBe("https://viacep.com.br/ws/{cep}/json/");
      expect(config.melhorEnvio).toEqual({ token: "eyJ0eXAiOiJKV1QiLCJhbGciOi.token", url: "https://sandbox.melhorenvio.com.br" });
    });
    it("stops the start on a template without {cep}, half a Melhor Envio pair, or a bad URL, never printing the token", () => {
      expect(configError({ CEP_LOOKUP_URL: "https://viacep.com.br/ws/json/" })).toMatch(/CEP_LOOKUP_URL=.*\{cep\}/);
      expect(configError({ CEP_LOOKUP_URL: "viacep" })).toMatch(/CEP_LOOKUP_URL/);
      const half = configError({ MELHOR_ENVIO_TOKEN: "segredo-do-melhor-envio-123456" });
      expect(half).toMatch(/MELHOR_ENVIO_URL/);
      expect(configError({ MELHOR_ENVIO_TOKEN: "curto", MELHOR_ENVIO_URL: "https://melhorenvio.com.br" })).toMatch(/MELHOR_ENVIO_TOKEN=\(oculto\)/);
      expect(configError({ MELHOR_ENVIO_TOKEN: "segredo-do-melhor-envio-123456", MELHOR_ENVIO_URL: "ftp://x" })).not.toMatch(/segredo-do-melhor-envio/);
    });
  });

  describe("WhatsApp Business Platform (WHATSAPP_*)", () => {
    const whatsapp = {
      WHATSAPP_TOKEN: "EAAGtokendeumusuariodosistema123",
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
      WHATSAPP_VERIFY_TOKEN: "verificacao-da-loja-erick",
    };
    it("is off by default (the clerk's manual links), and takes the four variables with Graph's default base", () => {
      expect(loadConfig({}).whatsapp).toBeNull();
      expect(loadConfig(whatsapp).whatsapp).toEqual({
        token: whatsapp.WHATSAPP_TOKEN,
        phoneNumberId: "106540352242922",
        appSecret: whatsapp.WHATSAPP_APP_SECRET,
        verifyToken: "verificacao-da-loja-erick",
        apiUrl: "https://graph.facebook.com/v23.0",
      });
      expect(loadConfig({ ...whatsapp, WHATSAPP_API_URL: "http://127.0.0.1:4000/v23.0/" }).whatsapp?.apiUrl).toBe("http://127.0.0.1:4000/v23.0");
    });
    it("stops the start naming a missing or bad variable, never printing the secrets", () => {
      expect(configError({ WHATSAPP_TOKEN: whatsapp.WHATSAPP_TOKEN })).toMatch(/WHATSAPP_APP_SECRET/);
      expect(configError({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: "+55 81 9999" })).toMatch(/WHATSAPP_PHONE_NUMBER_ID/);
      expect(configError({ ...whatsapp, WHATSAPP_API_URL: "http://graph.facebook.com/v23.0" })).toMatch(/WHATSAPP_API_URL=.*https/);
      const weak = configError({ ...whatsapp, WHATSAPP_APP_SECRET: "curto", WHATSAPP_TOKEN: "EAAG curto" });
      expect(weak).toMatch(/WHATSAPP_APP_SECRET=\(oculto\)/);
      expect(weak).toMatch(/WHATSAPP_TOKEN=\(oculto\)/);
      expect(configError({ ...whatsapp, WHATSAPP_PHONE_NUMBER_ID: "x" })).not.toMatch(/EAAGtoken|0123456789abcdef|verificacao-da-loja/);
    });
  });

  describe("fiscal documents (FISCAL_PROVIDER, FISCAL_API_URL, FISCAL_TOKEN)", () => {
    const TOKEN = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";

    it("issues no fiscal documents by default", () => {
      expect(loadConfig({}).fiscal).toBeNull();
    });

    it("reads Focus NFe's base address and token", () => {
      expect(loadConfig({ FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: "https://homologacao.focusnfe.com.br/", FISCAL_TOKEN: TOKEN }).fiscal).toEqual({
        provider: "focusnfe",
        apiUrl: "https://homologacao.focusnfe.com.br",
        token: TOKEN,
      });
    });

    it("stops the start naming the bad or missing variable, never echoing the token", () => {
      expect(configError({ FISCAL_PROVIDER: "nuvemfiscal", FISCAL_API_URL: "https://x.example", FISCAL_TOKEN: TOKEN })).toMatch(/FISCAL_PROVIDER="nuvemfiscal": use focusnfe/);
      expect(configError({ FISCAL_PROVIDER: "focusnfe", FISCAL_TOKEN: TOKEN })).toMatch(/FISCAL_API_URL: obrigatório/);
      expect(configError({ FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: "http://api.focusnfe.com.br", FISCAL_TOKEN: TOKEN })).toMatch(/FISCAL_API_URL="http:\/\/api.focusnfe.com.br": use o endereço https/);
      expect(configError({ FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: "https://api.focusnfe.com.br" })).toMatch(/FISCAL_TOKEN: obrigatório/);
      const badToken = configError({ FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: "https://api.focusnfe.com.br", FISCAL_TOKEN: "meu token secreto" });
      expect(badToken).toMatch(/FISCAL_TOKEN=\(oculto\)/);
      expect(badToken).not.toMatch(/secreto/);
      expect(configError({ FISCAL_TOKEN: TOKEN })).toMatch(/FISCAL_PROVIDER: obrigatório quando FISCAL_TOKEN/);
      expect(configError({ FISCAL_TOKEN: TOKEN })).not.toContain(TOKEN);
    });

    it("takes plain http only on this machine (the tests' fake)", () => {
      expect(loadConfig({ FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: "http://127.0.0.1:4000", FISCAL_TOKEN: TOKEN }).fiscal?.apiUrl).toBe("http://127.0.0.1:4000");
    });
  });
});
