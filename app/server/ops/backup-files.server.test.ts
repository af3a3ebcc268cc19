import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { datedBackupName, listDatedBackups, pruneDatedBackups } from "./backup-files.server";

let directory: string;
beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "erick-backup-files-"));
});
afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

function touch(name: string) {
  fs.writeFileSync(path.join(directory, name), "x");
}

describe("datedBackupName", () => {
  it("names a backup by its UTC time, file-safe and sorting in time order", () => {
    expect(datedBackupName(new Date("2026-11-24T03:00:00.000Z"))).toBe("erick-backup-2026-11-24T03-00-00-000Z.tar.gz");
    const names = [new Date("2027-01-02T00:00:00Z"), new Date("2026-12-31T23:59:59.999Z")].map(datedBackupName);
    expect([...names].sort()).toEqual([names[1], names[0]]);
  });
});

describe("pruneDatedBackups", () => {
  it("keeps the newest N dated backups and deletes the older ones", () => {
    const days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"].map((day) => datedBackupName(new Date(`${day}T03:00:00Z`)));
    for (const name of [...days].reverse()) touch(name);
    expect(pruneDatedBackups(directory, 2)).toEqual(days.slice(0, 2));
    expect(listDatedBackups(directory)).toEqual(days.slice(2));
  });

  it("never touches files it did not name, nor an unfinished backup", () => {
    const kept = datedBackupName(new Date("2026-11-24T03:00:00Z"));
    const others = ["loja.tar.gz", "erick-backup-manual.tar.gz", `${datedBackupName(new Date("2026-11-01T03:00:00Z"))}.partial`, "notes.txt"];
    for (const name of [kept, ...others]) touch(name);
    expect(pruneDatedBackups(directory, 1)).toEqual([]);
    expect(fs.readdirSync(directory).sort()).toEqual([kept, ...others].sort());
  });

  it("refuses a retention that would delete every backup", () => {
    expect(() => pruneDatedBackups(directory, 0)).toThrow(RangeError);
    expect(() => pruneDatedBackups(directory, 1.5)).toThrow(RangeError);
  });
});
