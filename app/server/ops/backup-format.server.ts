// The whole shop in one file, and back: `npm run backup` / `npm run restore FILE` (the command-line
// wrappers scripts/backup.ts and scripts/restore.ts).
//
// The file is a .tar.gz (written with the system's `tar`) holding:
//   backup.json           what is inside: format version, the migrations the database had, row counts
//                         per table, sequence positions, media totals
//   database/<table>.jsonl every row of every table of the app's schema, one JSON object per line
//                         (PostgreSQL's row_to_json, read in one consistent snapshot)
//   media/                the images under DATA_DIR/media, or the bucket's objects when S3_BUCKET is set
//   auth-secret           the generated session secret of DATA_DIR, when BETTER_AUTH_SECRET is not set
//                         (admins' two-factor secrets are encrypted with it)
//
// Why rows as JSON and not pg_dump: the embedded PostgreSQL from npm ships no pg_dump, and a client
// of another major version may refuse the server. The schema is not in the file: the restore applies
// the app's own committed migrations up to the ones the backup had, loads the rows, then applies any
// newer migrations, so a backup from an older version restores into a newer one.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import type { MediaStorage } from "~/server/media/media-storage.server";

const run = promisify(execFile);

export const BACKUP_FORMAT = "erick-backup";
export const BACKUP_VERSION = 1;
export const SCHEMA = "public";
/** Rows per FETCH when dumping and per INSERT when restoring: bounded memory whatever the table size. */
export const BATCH_ROWS = 1000;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The `when` of each migration the database had (drizzle.__drizzle_migrations.created_at). */
  migrations: number[];
  /** In an order that loads parents before the rows that reference them. */
  tables: { name: string; rows: number }[];
  /** `lastValue` as text: a bigint. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  media: { files: number; bytes: number };
  authSecret: boolean;
};

/** Where the shop keeps its files besides the database. */
export type ShopFiles = {
  mediaDir: string;
  /** The bucket that holds the images instead of mediaDir (S3_BUCKET); the backup reads and restores it. */
  bucket?: MediaStorage | null;
  /** DATA_DIR/auth-secret; null when BETTER_AUTH_SECRET is set (then the environment holds it). */
  authSecretFile: string | null;
};

export class BackupError extends Error {}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: string): string {
  return `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
}

/**
 * Tables in an order where every table comes after those it references (Kahn's algorithm, ties by
 * name so the order is stable). A cycle cannot be loaded table by table, so it is refused.
 */
export function loadOrder(tables: string[], references: { table: string; references: string }[]): string[] {
  const pending = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, references: parent } of references) {
    if (table !== parent && pending.has(table) && pending.has(parent)) pending.get(table)!.add(parent);
  }
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.size === 0).map(([table]) => table).sort();
    if (ready.length === 0) throw new BackupError(`tabelas com referências circulares: ${[...pending.keys()].join(", ")}`);
    for (const table of ready) {
      order.push(table);
      pending.delete(table);
    }
    for (const parents of pending.values()) for (const table of ready) parents.delete(table);
  }
  return order;
}

/** The app's tables (base tables of the public schema) in load order. */
export async function appTables(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition`,
    [SCHEMA],
  );
  const { rows: references } = await client.query<{ table: string; references: string }>(
    `select c.relname as table, p.relname as references from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = $1`,
    [SCHEMA],
  );
  return loadOrder(
    tables.map((row) => row.name),
    references,
  );
}

export async function appliedMigrations(client: pg.ClientBase): Promise<number[]> {
  const { rows: exists } = await client.query(`select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`);
  if (exists.length === 0) return [];
  const { rows } = await client.query<{ when: string }>(`select created_at::text as when from drizzle.__drizzle_migrations order by created_at`);
  return rows.map((row) => Number(row.when));
}

export async function mediaTotals(mediaDir: string): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  const entries = await fs.promises.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    totals.files += 1;
    totals.bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return totals;
}

/** Runs `tar` (GNU or BSD), turning its failure into a readable error. */
export async function tar(args: string[]) {
  try {
    await run("tar", args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`tar falhou: ${stderr || (error as Error).message}`);
  }
}

/** The manifest of an unpacked backup, refused when it is not one this code can restore. */
export function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError("backup.json ilegível: o arquivo não é um backup da loja ou está corrompido");
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError("o arquivo não é um backup da loja (backup.json sem o formato erick-backup)");
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(`backup na versão ${String(manifest.version)} do formato; esta versão da loja lê a ${BACKUP_VERSION}`);
  }
  if (!Array.isArray(manifest.migrations) || !Array.isArray(manifest.tables) || !Array.isArray(manifest.sequences) || !manifest.media) {
    throw new BackupError("backup.json incompleto");
  }
  return manifest as BackupManifest;
}
