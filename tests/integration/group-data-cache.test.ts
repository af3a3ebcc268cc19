// The storefront shell's group data kept between requests (GroupDataCache), following the page cache's
// change notifications on a real PostgreSQL: read once while nothing changes, read again after any
// change to the shops, store locations or settings, and read every time while nobody listens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { loadStorefrontShell, GroupDataCache } from "~/server/read-models/storefront-shell.server";
import { startPageCache } from "../../server/page-cache-start";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { storefrontCachedPages } from "../setup/cached-pages";

const config = loadConfig({ DATA_DIR: "/tmp/erick-shop-data-cache-test", PORT: "3999" });

async function until(condition: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("condition not met");
}

/** Counts its reads of the database. */
class CountingGroupDataCache extends GroupDataCache {
  loads = 0;

  override read(load: Parameters<GroupDataCache["read"]>[0]) {
    return super.read(() => {
      this.loads += 1;
      return load();
    });
  }
}

type Shell = Awaited<ReturnType<typeof loadStorefrontShell>>;

describe("group data cache", () => {
  let t: TestDatabase;
  let groupData: CountingGroupDataCache;
  let pageCache: ReturnType<typeof startPageCache>;

  const shell = () => loadStorefrontShell(t.db, config, groupData);

  beforeAll(async () => {
    t = await createTestDatabase();
    groupData = new CountingGroupDataCache();
    pageCache = startPageCache(t.db, { pages: await storefrontCachedPages(), listener: { initialRetryMs: 50, maxRetryMs: 200 }, alsoFollowing: [groupData] });
    await until(() => pageCache.cache.isEnabled);
  });

  afterAll(async () => {
    await pageCache?.close();
    await t?.close();
  });

  it("reads the shops, stores and settings once while nothing changes", async () => {
    const before = groupData.loads;
    const [first, second] = await Promise.all([shell(), shell()]);
    const third = await shell();
    expect(groupData.loads - before).toBeLessThanOrEqual(1);
    expect(third.shops).toBe(first.shops);
    expect(second.locations).toBe(first.locations);
    expect(first.shops.map((shop) => shop.slug)).toEqual(["calcados", "variedades", "kids", "sports"]);
  });

  it("reads again after a change to a shop, a store or the settings, from any connection", async () => {
    const changes = [
      ["update shops set name = 'Erick Calçados Novo' where slug = 'calcados'", (s: Shell) => s.shops[0]!.name === "Erick Calçados Novo"],
      ["update store_locations set address = 'Rua Nova, 1' where id = (select min(id) from store_locations)", (s: Shell) => s.locations[0]!.address === "Rua Nova, 1"],
      [`update settings set data = jsonb_set(data, '{storeName}', '"Grupo Erick Novo"') where id = 1`, (s: Shell) => s.settings.storeName === "Grupo Erick Novo"],
      [
        "insert into public_origin (id, origin, source) values (1, 'https://loja-nova.exemplo', 'owner') on conflict (id) do update set origin = excluded.origin, source = excluded.source",
        (s: Shell) => s.origin === "https://loja-nova.exemplo",
      ],
    ] as const;
    for (const [change, shows] of changes) {
      await shell();
      const before = groupData.loads;
      expect(shows(await shell()), change).toBe(false);
      expect(groupData.loads).toBe(before);
      await t.pool.query(change);
      await until(async () => shows(await shell()));
      expect(groupData.loads, change).toBeGreaterThan(before);
    }
  });

  it("keeps neither a failed read nor one that started before a change", async () => {
    const cache = new GroupDataCache();
    cache.setEnabled(true);
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error("database down"));
    };
    await expect(cache.read(failing)).rejects.toThrow("database down");
    await expect(cache.read(failing)).rejects.toThrow("database down");
    expect(loads).toBe(2);

    // What the cache keeps: the shell's shop data and the stored public origin.
    const data = { ...(await shell()), storedOrigin: null };
    let finish!: (value: typeof data) => void;
    loads = 0;
    const slow = cache.read(() => {
      loads += 1;
      return new Promise<typeof data>((resolve) => (finish = resolve));
    });
    cache.clear();
    const afterChange = cache.read(() => {
      loads += 1;
      return Promise.resolve(data);
    });
    finish(data);
    await Promise.all([slow, afterChange]);
    expect(loads).toBe(2);
    // The read after the change is the one kept.
    expect(cache.read(() => Promise.reject(new Error("not kept")))).toBe(afterChange);
  });

  it("reads every time while the change notifications are not heard", async () => {
    await pageCache.close();
    const before = groupData.loads;
    await shell();
    await shell();
    expect(groupData.loads - before).toBe(2);
  });
});
