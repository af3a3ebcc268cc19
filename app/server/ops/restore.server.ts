// `npm run restore FILE` (scripts/restore.ts): a backup (./backup-format.server.ts) back into the shop,
// replaying the migrations around its rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { MIGRATIONS_FOLDER, runMigrations } from "~/server/db/migrate.server";
import { copyMedia } from "~/server/media/media-copy.server";
import { directoryMediaStorage, type MediaStorage } from "~/server/media/media-storage.server";
import { SCHEMA, BATCH_ROWS, BackupError, type BackupManifest, type ShopFiles, quoteIdent, qualified, appTables, appliedMigrations, mediaTotals, tar, parseManifest } from "./backup-format.server";

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
      // The backup's product_variants.stock as it was (derived from variant_stock, which it also holds):
      // the trigger that refuses direct writes of it lets this transaction through.
      await client.query("set local erick.restoring = 'on'");
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


async function countObjects(storage: MediaStorage): Promise<number> {
  let count = 0;
  for await (const _object of storage.list()) count += 1;
  return count;
}
