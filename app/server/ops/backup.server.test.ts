import { describe, expect, it } from "vitest";
import { BackupError, loadOrder, parseManifest } from "./backup-format.server";
import { migrationsToReplay } from "./restore.server";

describe("loadOrder", () => {
  it("puts every table after the tables it references, ties by name", () => {
    const order = loadOrder(
      ["order_items", "orders", "products", "shops", "users", "sessions"],
      [
        { table: "order_items", references: "orders" },
        { table: "order_items", references: "products" },
        { table: "products", references: "shops" },
        { table: "orders", references: "users" },
        { table: "sessions", references: "users" },
        { table: "users", references: "users" },
      ],
    );
    expect(order).toEqual(["shops", "users", "orders", "products", "sessions", "order_items"]);
  });

  it("refuses tables that reference each other in a circle", () => {
    expect(() =>
      loadOrder(
        ["a", "b", "c"],
        [
          { table: "a", references: "b" },
          { table: "b", references: "a" },
        ],
      ),
    ).toThrow(/circulares: a, b/);
  });
});

describe("migrationsToReplay", () => {
  const app = [
    { when: 1, tag: "0000_init" },
    { when: 2, tag: "0001_orders" },
    { when: 3, tag: "0002_auth" },
  ];

  it("replays the migrations the backup had, the first ones of this version", () => {
    expect(migrationsToReplay([1, 2], app)).toEqual(app.slice(0, 2));
    expect(migrationsToReplay([1, 2, 3], app)).toEqual(app);
  });

  it("refuses a backup from a newer version or another history", () => {
    expect(() => migrationsToReplay([1, 2, 3, 4], app)).toThrow(BackupError);
    expect(() => migrationsToReplay([1, 5], app)).toThrow(/versão da loja/);
  });
});

describe("parseManifest", () => {
  const manifest = { format: "erick-backup", version: 1, createdAt: "", migrations: [], tables: [], sequences: [], media: { files: 0, bytes: 0 }, authSecret: false };

  it("reads a manifest of this format", () => {
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
  });

  it("refuses anything else with a message saying why", () => {
    expect(() => parseManifest("{")).toThrow(/ilegível/);
    expect(() => parseManifest(JSON.stringify({ ...manifest, format: "x" }))).toThrow(/não é um backup/);
    expect(() => parseManifest(JSON.stringify({ ...manifest, version: 2 }))).toThrow(/versão 2/);
    expect(() => parseManifest(JSON.stringify({ ...manifest, tables: undefined }))).toThrow(/incompleto/);
  });
});
