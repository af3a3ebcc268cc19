// The server's log: one JSON object per line on stdout (what journald, Docker and log shippers read),
// or readable lines when a person watches a terminal in development. Request lines come from
// server/request-log.ts; errors carry their stack here and never reach a page. LOG_LEVEL (validated
// with the rest of the configuration) sets the level; server.js applies it at start.
import pino, { type Logger } from "pino";

export type { Logger };

/** Keys whose values never go to the log, wherever they appear in a logged object. */
const REDACTED = ["password", "token", "cookie", "authorization", "*.password", "*.token", "*.cookie", "*.authorization"];

const readable = process.env.NODE_ENV !== "production" && process.stdout.isTTY;

/**
 * The level until server.js applies the validated LOG_LEVEL: a value pino does not know ("verbose")
 * is left for the configuration check to refuse with its pt-BR message, instead of a pino stack trace here.
 */
function initialLevel(): string {
  const requested = process.env.LOG_LEVEL;
  if (requested && requested in pino.levels.values) return requested;
  if (requested === "silent") return requested;
  return process.env.VITEST ? "warn" : "info";
}

export const log: Logger = pino({
  level: initialLevel(),
  redact: { paths: REDACTED, censor: "[redacted]" },
  // pino-pretty is a development dependency: only a terminal in development asks for it.
  ...(readable ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } } : {}),
});

/** What a request's handlers add to its log line (the signed-in user, once known). */
export type RequestLogFields = { requestId: string; userId?: string };
