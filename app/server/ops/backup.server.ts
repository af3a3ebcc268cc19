// `npm run backup` (scripts/backup.ts): the whole shop into one file, in the format of ./backup-format.server.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { copyMedia } from "~/server/media/media-copy.server";
import { directoryMediaStorage } from "~/server/media/media-storage.server";
import { BACKUP_FORMAT, BACKUP_VERSION, SCHEMA, BATCH_ROWS, type BackupManifest, type ShopFiles, qualified, appTables, appliedMigrations, mediaTotals, tar } from "./backup-format.server";

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
