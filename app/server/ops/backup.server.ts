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
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { AppConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "~/server/db/embedded-postgres.server";
import { MIGRATIONS_FOLDER, runMigrations } from "~/server/db/migrate.server";
import { copyMedia } from "~/server/media/media-copy.server";
import { directoryMediaStorage, mediaStorageOf, type MediaStorage } from "~/server/media/media-storage.server";

const run = promisify(execFile);

const BACKUP_FORMAT = "erick-backup";
const BACKUP_VERSION = 1;
const SCHEMA = "public";
/** Rows per FETCH when dumping and per INSERT when restoring: bounded memory whatever the table size. */
const BATCH_ROWS = 1000;

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

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: string): string {
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
async function appTables(client: pg.ClientBase): Promise<string[]> {
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

async function appliedMigrations(client: pg.ClientBase): Promise<number[]> {
  const { rows: exists } = await client.query(`select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`);
  if (exists.length === 0) return [];
  const { rows } = await client.query<{ when: string }>(`select created_at::text as when from drizzle.__drizzle_migrations order by created_at`);
  return rows.map((row) => Number(row.when));
}

async function mediaTotals(mediaDir: string): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  const entries = await fs.promises.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    totals.files += 1;
    totals.bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return totals;
}

/**
 * A still picture of the media directory for the archive: hard links (no data copied) in a sibling
 * directory, so images uploaded or deleted while the backup runs do not make the archive disagree with
 * its own totals. Falls back to copying where links are not allowed; a file deleted meanwhile is skipped.
 */
async function snapshotMedia(mediaDir: string, snapshot: string) {
  await fs.promises.mkdir(snapshot, { recursive: true });
  const entries = await fs.promises.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(snapshot, path.relative(mediaDir, from));
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.promises.link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      await fs.promises.copyFile(from, to).catch((copyError: NodeJS.ErrnoException) => {
        if (copyError.code !== "ENOENT") throw copyError;
      });
    }
  }
}

/**
 * Writes every row of the app's tables to `directory/database/<table>.jsonl`, all read in one
 * snapshot, so the backup is consistent even while the shop takes orders.
 */
async function dumpDatabase(client: pg.ClientBase, directory: string): Promise<Pick<BackupManifest, "migrations" | "tables" | "sequences">> {
  await fs.promises.mkdir(path.join(directory, "database"), { recursive: true });
  await client.query("begin isolation level repeatable read read only");
  try {
    const migrations = await appliedMigrations(client);
    const tables: BackupManifest["tables"] = [];
    for (const table of await appTables(client)) {
      const file = await fs.promises.open(path.join(directory, "database", `${table}.jsonl`), "w");
      let rows = 0;
      try {
        // A `json` column keeps its text as written, line breaks included; outside strings they are
        // only white space, so a space keeps the value and one row per line.
        await client.query(`declare backup_rows no scroll cursor for select translate(row_to_json(t)::text, E'\\n\\r', '  ') as row from ${qualified(table)} t`);
        for (;;) {
          const batch = await client.query<{ row: string }>(`fetch ${BATCH_ROWS} from backup_rows`);
          if (batch.rows.length === 0) break;
          rows += batch.rows.length;
          await file.write(batch.rows.map((row) => `${row.row}\n`).join(""));
        }
        await client.query("close backup_rows");
      } finally {
        await file.close();
      }
      tables.push({ name: table, rows });
    }
    // Sequences are not transactional: read after the rows, they are at or past every id dumped.
    const { rows: sequenceNames } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S' order by 1`,
      [SCHEMA],
    );
    const sequences: BackupManifest["sequences"] = [];
    for (const { name } of sequenceNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(name)}`);
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query("commit");
    return { migrations, tables, sequences };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/** Runs `tar` (GNU or BSD), turning its failure into a readable error. */
async function tar(args: string[]) {
  try {
    await run("tar", args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`tar falhou: ${stderr || (error as Error).message}`);
  }
}

/**
 * Writes the backup to `outputFile` (mode 0600: it holds password hashes and the session secret).
 * The file appears only when complete: it is written under another name and renamed.
 */
export async function createBackup(pool: pg.Pool, files: ShopFiles, outputFile: string): Promise<BackupManifest> {
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), "erick-backup-"));
  const mediaSnapshot = path.join(path.dirname(path.resolve(files.mediaDir)), `.backup-${process.pid}-${Date.now()}`);
  const partial = `${outputFile}.partial`;
  try {
    const client = await pool.connect();
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      dumped = await dumpDatabase(client, staging);
    } finally {
      client.release();
    }
    // After the rows, so the images they name are in (unless deleted meanwhile, with their product).
    // From a bucket, a download: its objects are never rewritten, so the copy is as still as the links.
    if (files.bucket) await copyMedia(files.bucket, directoryMediaStorage(mediaSnapshot));
    else await snapshotMedia(files.mediaDir, mediaSnapshot);
    const authSecret = files.authSecretFile !== null && fs.existsSync(files.authSecretFile);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      ...dumped,
      media: await mediaTotals(mediaSnapshot),
      authSecret,
    };
    await fs.promises.writeFile(path.join(staging, "backup.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    // Links in the staging directory name the files as the archive holds them; `tar -h` stores what
    // they point to.
    await fs.promises.symlink(mediaSnapshot, path.join(staging, "media"));
    const args = ["-czhf", partial, "-C", staging, "backup.json", "database", "media"];
    if (authSecret) {
      await fs.promises.symlink(path.resolve(files.authSecretFile!), path.join(staging, "auth-secret"));
      args.push("auth-secret");
    }
    fs.closeSync(fs.openSync(partial, "w", 0o600));
    await tar(args);
    await fs.promises.chmod(partial, 0o600);
    await fs.promises.rename(partial, outputFile);
    return manifest;
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(staging, { recursive: true, force: true });
    await fs.promises.rm(mediaSnapshot, { recursive: true, force: true });
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

type JournalEntry = { when: number; tag: string };

function readJournal(folder: string): { journal: Record<string, unknown> & { entries: JournalEntry[] } } {
  return { journal: JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Record<string, unknown> & { entries: JournalEntry[] } };
}

/**
 * The app's migrations that the backup had. They must be the first ones of this version's list: a
 * backup made by a newer version (or one whose history differs) has a schema this code cannot build.
 */
export function migrationsToReplay(backup: number[], app: JournalEntry[]): JournalEntry[] {
  const prefix = app.slice(0, backup.length);
  if (backup.length > app.length || prefix.some((entry, index) => entry.when !== backup[index])) {
    throw new BackupError(
      "o backup vem de uma versão da loja com migrações que esta não tem: restaure com a mesma versão (ou mais nova) da que fez o backup",
    );
  }
  return prefix;
}

/** Applies only `entries` of the committed migrations, from a copy of the folder with a shorter journal. */
async function migrateTo(client: pg.PoolClient, entries: JournalEntry[]) {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "erick-restore-migrations-"));
  try {
    const { journal } = readJournal(MIGRATIONS_FOLDER);
    await fs.promises.mkdir(path.join(folder, "meta"));
    await fs.promises.writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, entries.length) }));
    for (const entry of entries) await fs.promises.copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

async function hasRows(client: pg.ClientBase): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await appTables(client)) {
    const { rows } = await client.query(`select 1 from ${qualified(table)} limit 1`);
    if (rows.length > 0) filled.push(table);
  }
  return filled;
}

/** Loads one table's rows, BATCH_ROWS at a time, as PostgreSQL itself reads them back from JSON. */
async function loadTable(client: pg.ClientBase, table: string, file: string): Promise<number> {
  const { rows: columns } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [qualified(table)],
  );
  const list = columns.map((column) => quoteIdent(column.name)).join(", ");
  const insert = `insert into ${qualified(table)} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${qualified(table)}, $1::json)`;
  let loaded = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // The rows go to PostgreSQL as the text it wrote: Node never parses them (no bigint or float rounding).
    await client.query(insert, [`[${batch.join(",")}]`]);
    loaded += batch.length;
    batch = [];
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  return loaded;
}

async function restoreDatabase(pool: pg.Pool, directory: string, manifest: BackupManifest, { replace }: { replace: boolean }) {
  const client = await pool.connect();
  try {
    const { journal } = readJournal(MIGRATIONS_FOLDER);
    const replay = migrationsToReplay(manifest.migrations, journal.entries);
    const applied = await appliedMigrations(client);
    if (applied.length > 0 && !replace) {
      const filled = await hasRows(client);
      if (filled.length > 0) {
        throw new BackupError(`o banco de destino já tem dados (${filled.slice(0, 5).join(", ")}…): restaure num banco novo, ou use --replace para apagar tudo e restaurar`);
      }
    }
    if (replace && applied.length > 0) {
      // Starting over from an empty schema lets the migrations rebuild it as the backup had it.
      await client.query(`drop schema if exists drizzle cascade`);
      await client.query(`drop schema ${quoteIdent(SCHEMA)} cascade`);
      await client.query(`create schema ${quoteIdent(SCHEMA)}`);
    } else if (applied.length > manifest.migrations.length) {
      throw new BackupError("o banco de destino tem migrações mais novas que o backup: restaure num banco novo, ou use --replace");
    }
    await migrateTo(client, replay);

    await client.query("begin");
    try {
      for (const { name, rows } of manifest.tables) {
        const file = path.join(directory, "database", `${name}.jsonl`);
        const loaded = fs.existsSync(file) ? await loadTable(client, name, file) : 0;
        if (loaded !== rows) throw new BackupError(`tabela ${name}: ${loaded} linhas no arquivo, o backup.json diz ${rows}`);
      }
      for (const { name, lastValue, isCalled } of manifest.sequences) {
        await client.query(`select setval($1::regclass, $2::bigint, $3)`, [qualified(name), lastValue, isCalled]);
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
  // Migrations newer than the backup, on the restored rows.
  await runMigrations(pool);
}

/**
 * Brings a fresh install back to the backup in `inputFile`: the database (which must be empty unless
 * `replace`), then the media directory and the session secret. The rows are loaded in one transaction:
 * a failure leaves no half-restored shop.
 */
export async function restoreBackup(pool: pg.Pool, files: ShopFiles, inputFile: string, { replace = false } = {}): Promise<BackupManifest> {
  if (!fs.existsSync(inputFile)) throw new BackupError(`arquivo não encontrado: ${inputFile}`);
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), "erick-restore-"));
  try {
    await tar(["-xzf", inputFile, "-C", staging]);
    const manifestFile = path.join(staging, "backup.json");
    if (!fs.existsSync(manifestFile)) throw new BackupError("o arquivo não é um backup da loja (falta backup.json)");
    const manifest = parseManifest(await fs.promises.readFile(manifestFile, "utf8"));
    const media = await mediaTotals(path.join(staging, "media"));
    if (media.files !== manifest.media.files || media.bytes !== manifest.media.bytes) {
      throw new BackupError(`imagens incompletas no arquivo: ${media.files} arquivos / ${media.bytes} bytes, o backup.json diz ${manifest.media.files} / ${manifest.media.bytes}`);
    }
    const existingMedia = files.bucket ? await countObjects(files.bucket) : (await mediaTotals(files.mediaDir)).files;
    if (existingMedia > 0 && !replace) {
      const where = files.bucket?.description ?? files.mediaDir;
      throw new BackupError(`${where} já tem ${existingMedia} arquivos: restaure numa instalação nova, ou use --replace`);
    }
    const secretFile = files.authSecretFile;
    const secretDiffers =
      manifest.authSecret &&
      secretFile !== null &&
      fs.existsSync(secretFile) &&
      fs.readFileSync(secretFile, "utf8").trim() !== fs.readFileSync(path.join(staging, "auth-secret"), "utf8").trim();
    if (secretDiffers && !replace) throw new BackupError(`${secretFile} já existe e é outro: restaure numa instalação nova, ou use --replace`);

    await restoreDatabase(pool, staging, manifest, { replace });

    if (files.bucket) {
      // --replace: the bucket becomes the backup's images, no more (as the directory below).
      await files.bucket.removeByPrefix("");
      await copyMedia(directoryMediaStorage(path.join(staging, "media")), files.bucket);
    } else {
      await fs.promises.rm(files.mediaDir, { recursive: true, force: true });
      await fs.promises.mkdir(path.dirname(files.mediaDir), { recursive: true });
      await fs.promises.cp(path.join(staging, "media"), files.mediaDir, { recursive: true });
    }
    if (manifest.authSecret && secretFile !== null) {
      await fs.promises.mkdir(path.dirname(secretFile), { recursive: true });
      await fs.promises.copyFile(path.join(staging, "auth-secret"), secretFile);
      await fs.promises.chmod(secretFile, 0o600);
    }
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The shop's files for `config`: DATA_DIR/media (or the bucket, with S3_BUCKET), and DATA_DIR/auth-secret
 * unless BETTER_AUTH_SECRET is set.
 */
export function shopFiles(config: AppConfig): ShopFiles {
  return {
    mediaDir: config.mediaDir,
    bucket: config.s3 ? mediaStorageOf(config) : null,
    authSecretFile: config.authSecret ? null : path.join(config.dataDir, "auth-secret"),
  };
}

async function countObjects(storage: MediaStorage): Promise<number> {
  let count = 0;
  for await (const _object of storage.list()) count += 1;
  return count;
}

/**
 * The shop's database as the app finds it (DATABASE_URL, else the embedded one in DATA_DIR). A backup
 * joins the embedded PostgreSQL of a running shop; a restore refuses to run under one (the shop would
 * keep serving what it read before), and starts the embedded server itself, creating it in an empty
 * DATA_DIR.
 */
export async function openShopDatabase(config: AppConfig, purpose: "backup" | "restore"): Promise<{ pool: pg.Pool; description: string; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    const { pool } = connectDatabase(config.databaseUrl, { max: 2 });
    return { pool, description: "DATABASE_URL", close: () => pool.end() };
  }
  const directory = path.join(config.dataDir, "postgres");
  const running = runningEmbeddedPostgresUrl(directory);
  if (running && purpose === "restore") {
    throw new BackupError(`a loja está rodando com o banco de ${config.dataDir}: pare-a antes de restaurar`);
  }
  if (!running && purpose === "backup" && !fs.existsSync(path.join(directory, "cluster", "PG_VERSION"))) {
    throw new BackupError(`não há banco em ${directory}: confira DATA_DIR (ou DATABASE_URL)`);
  }
  const embedded = running ? null : await startEmbeddedPostgres(directory);
  const { pool } = connectDatabase(running ?? embedded!.url, { max: 2 });
  return {
    pool,
    description: `banco embutido em ${directory}`,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
