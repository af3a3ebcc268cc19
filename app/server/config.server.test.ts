import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

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
      BETTER_AUTH_SECRET: "x".repeat(32),
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "segredo",
      SMTP_URL: "smtps://loja:senha@smtp.exemplo.com",
      SMTP_FROM: "Loja Erick <loja@exemplo.com>",
      ADMIN_EMAIL: "Dono@Exemplo.com",
      ADMIN_PASSWORD: "uma senha longa",
    });
    expect(config.authSecret).toBe("x".repeat(32));
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

  it("names the bad account variable without echoing secrets", () => {
    const error = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (caught) {
        expect(caught).toBeInstanceOf(ConfigError);
        return (caught as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    expect(error({ BETTER_AUTH_SECRET: "curto-demais" })).toMatch(/BETTER_AUTH_SECRET=\(oculto\): deve ter pelo menos 32/);
    expect(error({ BETTER_AUTH_SECRET: "curto-demais" })).not.toContain("curto-demais");
    expect(error({ GOOGLE_CLIENT_ID: "id" })).toMatch(/GOOGLE_CLIENT_SECRET="": obrigatório quando GOOGLE_CLIENT_ID/);
    expect(error({ GOOGLE_CLIENT_SECRET: "s" })).toMatch(/GOOGLE_CLIENT_ID="": obrigatório quando GOOGLE_CLIENT_SECRET/);
    expect(error({ SMTP_URL: "http://smtp.exemplo.com", SMTP_FROM: "a@b.c" })).toMatch(/SMTP_URL=\(oculto\): deve ser uma URL smtp/);
    expect(error({ SMTP_URL: "smtp://smtp.exemplo.com" })).toMatch(/SMTP_FROM="": obrigatório quando SMTP_URL/);
    expect(error({ SMTP_FROM: "loja" })).toMatch(/SMTP_FROM="loja": deve ser um e-mail/);
    expect(error({ ADMIN_EMAIL: "dono" , ADMIN_PASSWORD: "12345678" })).toMatch(/ADMIN_EMAIL="dono": deve ser um e-mail válido/);
    expect(error({ ADMIN_EMAIL: "dono@exemplo.com", ADMIN_PASSWORD: "curta" })).toMatch(/ADMIN_PASSWORD=\(oculto\): deve ter pelo menos 8/);
    expect(error({ ADMIN_EMAIL: "dono@exemplo.com" })).toMatch(/ADMIN_PASSWORD="": obrigatório quando ADMIN_EMAIL/);
  });
});
