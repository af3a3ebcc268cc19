// The log as a person at a terminal reads it: pino's JSON lines turned into one short line each
// ("14:03:22 INFO  GET /produtos 200 12 ms"), errors with their stack below. Ours rather than
// pino-pretty: a few lines of formatting, no worker thread, and nothing `npm install --omit=dev`
// would leave out of a production install (docs/reliability.md#logs).

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO ", 40: "WARN ", 50: "ERROR", 60: "FATAL" };
/** pino's own fields, and the request fields that the request line already shows. */
const NOT_SHOWN = new Set(["level", "time", "pid", "hostname", "msg", "err", "actionItem"]);
const REQUEST_SHOWN = new Set(["requestId", "method", "path", "status", "durationMs", "clientAddress"]);
/** Requests stop for this long: the first burst (a page and its assets, a few pages) is over. */
const DEFAULT_QUIET_MS = 3_000;
/** A worker tells the primary about its requests at most this often. */
const TELL_EVERY_MS = 1_000;

type Entry = Record<string, unknown> & { level: number; time: number; msg?: string };

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

function value(item: unknown): string {
  if (typeof item === "string") return /[\s"=]/.test(item) || item === "" ? JSON.stringify(item) : item;
  return JSON.stringify(item);
}

/** One entry as text: a request as "GET /path 200 12 ms", anything else as its message and its fields as key=value. */
export function formatEntry(entry: Entry): string {
  const head = `${clock(entry.time)} ${LEVELS[entry.level] ?? String(entry.level)}`;
  const isRequest = entry.msg === "request" && typeof entry.method === "string";
  const text = isRequest ? `${String(entry.method)} ${String(entry.path)} ${String(entry.status)} ${Math.round(Number(entry.durationMs))} ms` : (entry.msg ?? "");
  const fields = Object.entries(entry)
    .filter(([key]) => !NOT_SHOWN.has(key) && !(isRequest && REQUEST_SHOWN.has(key)))
    .map(([key, item]) => ` ${key}=${value(item)}`)
    .join("");
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${(err.stack ?? err.message ?? "").replace(/^/gm, "    ")}` : "";
  return `${head} ${text}${fields}${stack}\n`;
}

/**
 * A pino destination that writes readable lines, and keeps the start's action items in view: when
 * the first burst of requests ends (no request for `quietMs`), it repeats them once, together.
 */
export class TerminalLines {
  private readonly actionItems: string[] = [];
  private reminded = false;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTold = 0;
  private readonly quietMs: number;
  private readonly tellPrimary: (() => void) | null;

  constructor(
    private readonly destination: { write(text: string): unknown },
    { quietMs = DEFAULT_QUIET_MS, tellPrimary = null }: { quietMs?: number; tellPrimary?: (() => void) | null } = {},
  ) {
    this.quietMs = quietMs;
    this.tellPrimary = tellPrimary;
  }

  /** pino writes each entry as one JSON line. */
  write(line: string) {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      this.destination.write(line);
      return;
    }
    this.destination.write(formatEntry(entry));
    if (entry.actionItem === true && typeof entry.msg === "string") this.actionItems.push(entry.msg);
    if (entry.msg === "request") this.noteRequest();
  }

  /** A request was logged here or, for the primary, in a worker. */
  noteRequest() {
    if (this.tellPrimary && Date.now() - this.lastTold >= TELL_EVERY_MS) {
      this.lastTold = Date.now();
      this.tellPrimary();
    }
    if (this.reminded || this.actionItems.length === 0) return;
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.remind(), this.quietMs);
    this.quietTimer.unref?.();
  }

  private remind() {
    this.reminded = true;
    this.quietTimer = null;
    const items = this.actionItems.map((item) => `  • ${item}\n`).join("");
    this.destination.write(`${clock(Date.now())} WARN  Ainda falta fazer (dito no início):\n${items}`);
  }
}
