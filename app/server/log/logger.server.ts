// The server's log: one JSON object per line on stdout (what journald, Docker and log shippers read),
// or readable lines when a person watches a terminal. Request lines come from server/request-log.ts;
// errors carry their stack here and never reach a page. LOG_LEVEL (validated with the rest of the
// configuration) sets the level; server.js applies it at start.
import cluster from "node:cluster";
import pino, { type DestinationStream, type Logger } from "pino";
import { TerminalLines } from "./terminal-lines.server";

export type { Logger };

/** Keys whose values never go to the log, wherever they appear in a logged object. */
const REDACTED = ["password", "token", "cookie", "authorization", "*.password", "*.token", "*.cookie", "*.authorization"];

/** `json`: a JSON object per line, for machines. `lines`: readable lines, for a person at a terminal. */
export type LogFormat = "json" | "lines";

/**
 * Lines when stdout is a terminal (`npm start` or `npm run dev` in a shell), JSON otherwise (systemd,
 * Docker, a pipe). LOG_FORMAT=json|lines overrides it, e.g. to read lines through a pipe.
 */
export function logFormatFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): LogFormat {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "lines") return env.LOG_FORMAT;
  return stream.isTTY ? "lines" : "json";
}

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

export type LoggerOptions = {
  format: LogFormat;
  /** Where lines go (stdout by default). */
  destination?: { write(text: string): unknown };
  level?: string;
  /** For lines: how long requests must pause before the start's action items are repeated (ms). */
  quietMs?: number;
  /** For lines in a worker process: tells the primary, which printed the action items, about requests. */
  tellPrimary?: (() => void) | null;
};

/** The logger and, for lines, the terminal writer behind it. */
export function createLogger({ format, destination = process.stdout, level = initialLevel(), quietMs, tellPrimary }: LoggerOptions) {
  const terminal = format === "lines" ? new TerminalLines(destination, { quietMs, tellPrimary }) : null;
  const logger = pino(
    { level, redact: { paths: REDACTED, censor: "[redacted]" } },
    (terminal ?? destination) as DestinationStream,
  );
  return { logger, terminal };
}

const workerTellsPrimary = cluster.isWorker && process.send ? () => void process.send!({ erickLog: "request" }) : null;
const made = createLogger({ format: logFormatFor(process.stdout), tellPrimary: workerTellsPrimary });

export const log: Logger = made.logger;

/**
 * What a new owner must do before the shop is theirs (no admin yet, the example WhatsApp number…): a
 * warning, and on a terminal repeated once the first burst of requests has scrolled it away.
 */
export function warnActionItem(message: string) {
  log.warn({ actionItem: true }, message);
}

/** In the primary process: a worker logged requests (see tellPrimary), which the action items' reminder waits for. */
export function noteRequestInWorker() {
  made.terminal?.noteRequest();
}

/** Whether a worker's IPC message is the request notice of tellPrimary. */
export function isWorkerRequestNotice(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { erickLog?: unknown }).erickLog === "request";
}

/** What a request's handlers add to its log line (the signed-in user, once known). */
export type RequestLogFields = { requestId: string; userId?: string };
