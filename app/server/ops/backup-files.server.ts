// Names and retention of the dated backups that `npm run backup -- --dir D --keep N` writes (the
// nightly timer in deploy/). Only files this code names are ever counted or deleted: anything else a
// person keeps in the folder is left alone.
import fs from "node:fs";
import path from "node:path";

const PREFIX = "erick-backup-";
const SUFFIX = ".tar.gz";
/** erick-backup-2026-11-24T03-00-00-000Z.tar.gz: the UTC time with ':' and '.' made file-safe. */
const DATED_NAME = /^erick-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

/** The file name of a backup taken at `at`; names sort in time order. */
export function datedBackupName(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, "-")}${SUFFIX}`;
}

/** The dated backups in `directory`, oldest first. */
export function listDatedBackups(directory: string): string[] {
  return fs
    .readdirSync(directory)
    .filter((name) => DATED_NAME.test(name))
    .sort();
}

/**
 * Deletes all but the newest `keep` dated backups of `directory` and returns the names it deleted.
 * Run after a backup succeeded, so a failing backup never costs an old one.
 */
export function pruneDatedBackups(directory: string, keep: number): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`);
  const backups = listDatedBackups(directory);
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of doomed) fs.rmSync(path.join(directory, name), { force: true });
  return doomed;
}
