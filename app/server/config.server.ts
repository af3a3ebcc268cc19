import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "deve ser um número de porta" })
    .int("deve ser um número inteiro")
    .min(1, "deve estar entre 1 e 65535")
    .max(65535, "deve estar entre 1 e 65535")
    .default(3000),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "deve ser uma URL postgres:// válida" })
    .optional(),
  DATA_DIR: z.string().min(1, "não pode ser vazio").default("./data"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "deve ser uma URL http(s):// absoluta" })
    .optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export type AppConfig = {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Absolute origin used in share previews and sitemaps; when unset, taken from each request. */
  publicUrl: string | undefined;
  mediaDir: string;
  production: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; the error names each bad variable so start-up fails clearly. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}=${JSON.stringify(cleaned[String(issue.path[0])] ?? "")}: ${issue.message}`,
    );
    throw new ConfigError(`Configuração inválida no ambiente:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ""),
    mediaDir: path.join(dataDir, "media"),
    production: values.NODE_ENV === "production",
  };
}
