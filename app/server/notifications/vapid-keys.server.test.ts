import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import webPush from "web-push";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { isVapidKeyPair } from "../config.server";
import { loadOrCreateVapidKeys } from "./vapid-keys.server";

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-vapid-"));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("the VAPID keys", () => {
  it("are generated on the first start, kept in DATA_DIR/vapid-keys.json readable by the app only, and reused", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = loadOrCreateVapidKeys(config);
    expect(isVapidKeyPair(first.publicKey, first.privateKey)).toBe(true);
    expect((await fs.stat(path.join(dataDir, "vapid-keys.json"))).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys(loadConfig({ DATA_DIR: dataDir }))).toEqual(first);
    expect(await fs.readdir(dataDir)).toEqual(["vapid-keys.json"]);
  });

  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and nothing is written", async () => {
    const pair = webPush.generateVAPIDKeys();
    const config = loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: "mailto:loja@erick.com.br" });
    expect(loadOrCreateVapidKeys(config)).toEqual({ ...pair, subject: "mailto:loja@erick.com.br" });
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it("stop the start when the variables are half a pair, malformed or not one pair, without echoing the private key", () => {
    const pair = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY=.*obrigatório quando VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "curta", VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY="curta": deve ser a chave pública VAPID/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY=.*não é a chave pública de VAPID_PRIVATE_KEY/);
    const badPrivate = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}!` };
    expect(() => loadConfig(badPrivate)).toThrow(/VAPID_PRIVATE_KEY=\(oculto\)/);
    expect(() => loadConfig(badPrivate)).toThrow(expect.objectContaining({ message: expect.not.stringContaining(pair.privateKey) }));
  });

  it("name a contact for the push services: VAPID_SUBJECT, else an https PUBLIC_URL", () => {
    expect(loadConfig({ VAPID_SUBJECT: "https://loja.erick.com.br" }).vapid.subject).toBe("https://loja.erick.com.br");
    expect(loadConfig({ PUBLIC_URL: "https://loja.erick.com.br/" }).vapid.subject).toBe("https://loja.erick.com.br");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).vapid.subject).toMatch(/^mailto:/);
    expect(() => loadConfig({ VAPID_SUBJECT: "loja@erick.com.br" })).toThrow(/VAPID_SUBJECT=.*mailto:/);
  });

  it("refuse a kept file that is not a pair", async () => {
    await fs.writeFile(path.join(dataDir, "vapid-keys.json"), JSON.stringify({ publicKey: webPush.generateVAPIDKeys().publicKey, privateKey: webPush.generateVAPIDKeys().privateKey }));
    expect(() => loadOrCreateVapidKeys(loadConfig({ DATA_DIR: dataDir }))).toThrow(/vapid-keys\.json: not a VAPID key pair/);
  });
});
