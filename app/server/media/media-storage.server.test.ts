// The two media storages keep one contract (the image pipeline, /media, media:migrate and backups
// rely on it), checked on a temporary directory and on a real local bucket (s3rver on loopback).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBucket, type LocalBucket } from "../../../tests/setup/local-bucket";
import { findFreePort } from "../db/free-port.server";
import { directoryMediaStorage, ensureMediaStorageReachable, MediaStorageUnreachableError, s3MediaStorage, type MediaStorage } from "./media-storage.server";

let bucket: LocalBucket;
let directory: string;

beforeAll(async () => {
  bucket = await startLocalBucket();
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "erick-media-storage-"));
});
afterAll(async () => {
  await bucket?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function names(storage: MediaStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(`${object.name}:${object.size}`);
  return found.sort();
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe.each([
  ["a directory", () => directoryMediaStorage(path.join(directory, "media"))],
  ["a bucket", () => s3MediaStorage(bucket.settings)],
])("media storage in %s", (_where, storage) => {
  it("stores, reads, streams, lists and removes an image's objects by its key", async () => {
    const media = storage();
    expect(await names(media)).toEqual([]);
    await media.put("aaaa-320.webp", Buffer.from("pequena"));
    await media.put("aaaa-og.jpg", Buffer.from("previa!!"));
    await media.put("bbbb-320.webp", Buffer.from("outra"));
    expect(await names(media)).toEqual(["aaaa-320.webp:7", "aaaa-og.jpg:8", "bbbb-320.webp:5"]);
    expect(String(await media.read("aaaa-320.webp"))).toBe("pequena");
    expect(await media.read("cccc-320.webp")).toBeNull();
    expect(await media.exists("aaaa-og.jpg")).toBe(true);
    expect(await media.exists("cccc-og.jpg")).toBe(false);
    const opened = await media.open("aaaa-og.jpg");
    expect(opened).toMatchObject({ size: 8, contentType: "image/jpeg" });
    expect(await text(opened!.body)).toBe("previa!!");
    expect(await media.open("cccc-og.jpg")).toBeNull();

    await media.removeByPrefix("aaaa-");
    expect(await names(media)).toEqual(["bbbb-320.webp:5"]);
    await media.removeByPrefix("bbbb-");
  });

  it("never takes a name that could leave its directory or bucket", async () => {
    const media = storage();
    for (const name of ["../auth-secret", "sub/dir.webp", ".hidden", "a/../../b"]) {
      await expect(media.put(name, Buffer.from("x")), name).rejects.toThrow(RangeError);
      expect(await media.open(name), name).toBeNull();
    }
    expect(fs.existsSync(path.join(directory, "auth-secret"))).toBe(false);
  });
});

describe("ensureMediaStorageReachable", () => {
  it("passes for the bucket, and says which settings to check (not their values) when it does not answer", async () => {
    await ensureMediaStorageReachable(s3MediaStorage(bucket.settings));
    const offline = s3MediaStorage({ ...bucket.settings, endpoint: `http://127.0.0.1:${await findFreePort()}` });
    const refused = await ensureMediaStorageReachable(offline).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MediaStorageUnreachableError);
    expect((refused as Error).message).toMatch(/^O bucket de imagens s3:\/\/erick-media-\w+ não respondeu \(ECONNREFUSED\): confira S3_ENDPOINT, S3_BUCKET/);
    const missing = await ensureMediaStorageReachable(s3MediaStorage({ ...bucket.settings, bucket: "nao-existe" })).catch((error: unknown) => error);
    expect((missing as Error).message).toMatch(/^O bucket de imagens s3:\/\/nao-existe não respondeu \(HTTP 404, NoSuchBucket\)/);
    expect((missing as Error).message).not.toContain(bucket.settings.secretAccessKey);
  });
});
