// The reports page's query (period and grouping, in the URL) and its labels, shared by the page and
// the CSV export so both read the same parameters the same way. Dates are calendar days in the
// shop's time zone, "YYYY-MM-DD", both ends included.
import { SHOP_TIME_ZONE } from "../format/shop-time";

export const REPORT_GROUPS = [
  { value: "dia", unit: "day", label: "Dia" },
  { value: "semana", unit: "week", label: "Semana" },
  { value: "mes", unit: "month", label: "Mês" },
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number]["value"];
/** PostgreSQL's date_trunc unit of a grouping. */
export type ReportUnit = (typeof REPORT_GROUPS)[number]["unit"];

export const REPORT_TABLES = [
  { id: "vendas", title: "Vendas no período" },
  { id: "lojas", title: "Vendas por loja" },
  { id: "categorias", title: "Vendas por categoria" },
  { id: "pagamentos", title: "Vendas por forma de pagamento" },
  { id: "produtos", title: "Produtos mais vendidos" },
  { id: "origens", title: "Pedidos por origem" },
  { id: "canais", title: "Vendas por canal" },
  { id: "unidades", title: "Vendas por loja física" },
] as const;
export type ReportTableId = (typeof REPORT_TABLES)[number]["id"];

export function isReportTableId(value: unknown): value is ReportTableId {
  return REPORT_TABLES.some((table) => table.id === value);
}

const DEFAULT_REPORT_DAYS = 30;
/** Two years of days: a longer period by day would be a table nobody reads. */
const MAX_REPORT_DAYS = 731;

export const REPORT_MESSAGES = {
  invalidDate: "Data inválida. Informe o dia, o mês e o ano.",
  reversed: "A data inicial deve ser anterior ou igual à data final.",
  tooLong: "O período máximo é de 2 anos. Escolha um intervalo menor.",
} as const;

export type ReportQuery = { from: string; to: string; group: ReportGroup };

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date in the shop, "YYYY-MM-DD". */
export function shopToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

function toTime(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return null;
  const time = Date.UTC(year, month - 1, date);
  const check = new Date(time);
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? time : null;
}

function addDays(day: string, days: number): string {
  return new Date((toTime(day) ?? 0) + days * DAY_MS).toISOString().slice(0, 10);
}

export function defaultReportQuery(today: string): ReportQuery {
  return { from: addDays(today, -(DEFAULT_REPORT_DAYS - 1)), to: today, group: "dia" };
}

/**
 * `?de=2026-11-01&ate=2026-11-30&por=semana`. Missing dates default to the last 30 days; a wrong
 * period gives a message and the default period, so the page still shows something useful.
 */
export function parseReportQuery(params: URLSearchParams, today: string): { query: ReportQuery; error: string | null } {
  const fallback = defaultReportQuery(today);
  const groupParam = params.get("por");
  const group = REPORT_GROUPS.find((candidate) => candidate.value === groupParam)?.value ?? fallback.group;
  const from = params.get("de") || fallback.from;
  const to = params.get("ate") || fallback.to;
  const fromTime = toTime(from);
  const toTimeValue = toTime(to);
  let error: string | null = null;
  if (fromTime === null || toTimeValue === null) error = REPORT_MESSAGES.invalidDate;
  else if (fromTime > toTimeValue) error = REPORT_MESSAGES.reversed;
  else if ((toTimeValue - fromTime) / DAY_MS + 1 > MAX_REPORT_DAYS) error = REPORT_MESSAGES.tooLong;
  return error ? { query: { ...fallback, group }, error } : { query: { from, to, group }, error: null };
}

export function reportUnit(group: ReportGroup): ReportUnit {
  return REPORT_GROUPS.find((candidate) => candidate.value === group)!.unit;
}

/** The query string of a report (and, for the export, of one of its tables). */
export function reportSearch(query: ReportQuery, table?: ReportTableId): string {
  const params = new URLSearchParams({ de: query.from, ate: query.to, por: query.group });
  if (table) params.set("tabela", table);
  return `?${params}`;
}

export const REPORT_CSV_PATH = "/admin/relatorios/exportar.csv";

/** relatorio-vendas-2026-11-01-a-2026-11-30.csv */
export function reportFileName(table: ReportTableId, query: ReportQuery): string {
  return `relatorio-${table}-${query.from}-a-${query.to}.csv`;
}

const MONTH_NAMES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "2026-11" → "nov/26" */
export function monthLabel(month: string): string {
  const [year = "", number = "1"] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1] ?? number}/${year.slice(2)}`;
}

/** "2026-11-03" → "03/11/2026" */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** The label of a period starting on `start` ("YYYY-MM-DD"): a day, the week starting that Monday, or a month. */
export function periodLabel(start: string, group: ReportGroup): string {
  if (group === "mes") return monthLabel(start.slice(0, 7));
  if (group === "semana") return `Semana de ${dayLabel(start)}`;
  return dayLabel(start);
}
