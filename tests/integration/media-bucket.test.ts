// Images in an S3-compatible bucket (S3_* settings), against a real local one (s3rver on loopback):
// `npm run media:migrate` copying DATA_DIR/media into it, uploads and their derivatives landing there
// and nowhere else, two instances (each with its own DATA_DIR, one database, one bucket) where what
// instance A uploaded is shown and served by instance B, deletion, the catalogues' square picture,
// MEDIA_URL in the pages, and a backup that carries the bucket's objects.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products } from "#database/schema";
import { stockFieldName } from "~/lib/catalog/product-form-fields";
import { action as formAction } from "~/routes/admin/product-form";
import { action as listAction } from "~/routes/admin/products";
import { squareImageResponse } from "~/server/channels/square-images.server";
import type { AppConfig } from "~/server/config.server";
import type { LoadContext } from "~/server/load-context.server";
import { copyMedia } from "~/server/media/media-copy.server";
import { ImageRejectedError, storeImage } from "~/server/media/images.server";
import { DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { mediaStorageOf, s3Client, s3MediaStorage, type MediaStorage } from "~/server/media/media-storage.server";
import { createBackup } from "~/server/ops/backup.server";
import { restoreBackup } from "~/server/ops/restore.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { mediaFromStorage } from "../../server/media-files";
import { findFreePort } from "~/server/db/free-port.server";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { startLocalBucket, type LocalBucket } from "../setup/local-bucket";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const run = promisify(execFile);

let t: TestDatabase;
let bucket: LocalBucket;
let objects: MediaStorage;
let instanceA: { context: LoadContext; dataDir: string; close: () => Promise<void> };
let instanceB: { context: LoadContext; dataDir: string; close: () => Promise<void> };
let httpB: HttpApp;
let admin: SignedInUser;

/** The same app configuration with the images in the local bucket, as S3_* in the environment give. */
function inBucket(context: LoadContext, extra: Partial<AppConfig> = {}): LoadContext {
  return { ...context, config: { ...context.config, s3: bucket.settings, ...extra } };
}

async function objectNames(prefix = ""): Promise<string[]> {
  const names: string[] = [];
  for await (const object of objects.list()) if (object.name.startsWith(prefix)) names.push(object.name);
  return names.sort();
}

/** Every file under `directory` (none when it does not exist). */
function filesUnder(directory: string): string[] {
  return fs.existsSync(directory) ? (fs.readdirSync(directory, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(directory, name)).isFile()) : [];
}

beforeAll(async () => {
  t = await createTestDatabase();
  bucket = await startLocalBucket();
  objects = s3MediaStorage(bucket.settings);
  const a = await createTestContext(t);
  const b = await createTestContext(t);
  instanceA = { ...a, context: inBucket(a.context) };
  instanceB = { ...b, context: inBucket(b.context) };
  admin = await signedInUser(instanceA.context, "admin");
  httpB = await startHttpApp(instanceB.context);
}, 120_000);

afterAll(async () => {
  await httpB?.close();
  await instanceA?.close();
  await instanceB?.close();
  await bucket?.close();
  await t?.close();
});

describe("npm run media:migrate", () => {
  it("refuses to run without a bucket, saying which settings it needs", async () => {
    const outcome = await run("npx", ["tsx", "scripts/media-migrate.ts"], { env: { ...process.env, DATA_DIR: instanceA.dataDir } }).catch((error: { code: number; stderr: string }) => error);
    expect(outcome).toMatchObject({ code: 1, stderr: expect.stringMatching(/S3_BUCKET não está definido/) });
  }, 60_000);

  it("copies every image of DATA_DIR/media into the bucket, and only what is missing when run again", async () => {
    // A DATA_DIR whose media/ holds the seed's images, as a shop that ran on one machine has.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-media-migrate-"));
    fs.cpSync(t.mediaDir, path.join(dataDir, "media"), { recursive: true });
    const files = filesUnder(path.join(dataDir, "media"));
    expect(files.length).toBeGreaterThan(100);
    const megabytes = (files.reduce((sum, name) => sum + fs.statSync(path.join(dataDir, "media", name)).size, 0) / 1024 / 1024).toFixed(1);
    const env = { ...process.env, DATA_DIR: dataDir, ...bucket.env };
    try {
      const first = await run("npx", ["tsx", "scripts/media-migrate.ts"], { env });
      expect(first.stdout).toContain(`em s3://${bucket.settings.bucket}: ${files.length} copiadas (${megabytes} MB), 0 já estavam lá`);
      expect(await objectNames()).toEqual([...files].sort());
      // The same bytes, not just the names.
      const sample = files[0]!;
      expect(Buffer.compare((await objects.read(sample))!, fs.readFileSync(path.join(dataDir, "media", sample)))).toBe(0);

      // One object lost (a copy cut short): the second run puts back that one only.
      await objects.removeByPrefix(sample);
      const second = await run("npx", ["tsx", "scripts/media-migrate.ts"], { env });
      expect(second.stdout).toMatch(new RegExp(`: 1 copiadas \\([\\d.]+ MB\\), ${files.length - 1} já estavam lá`));
      expect(await objectNames()).toEqual([...files].sort());
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const png = (color: string, size: number) => sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();

function productForm(name: string, image: Buffer): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name,
    description: "Bolsa de lona com alça de couro.",
    price: "89,90",
    category: "Feminino",
    store: "barreiros-variedades",
    subcategory: "Bolsas",
    brand: "Erick",
    sizes: "U",
    colors: "Bege",
    [stockFieldName("U", "Bege")]: "4",
    active: "on",
    imagesSent: "1",
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("newImages", new File([new Uint8Array(image)], "bolsa.png", { type: "image/png" }));
  return form;
}

async function call(handler: unknown, context: LoadContext, request: Request): Promise<Response | unknown> {
  try {
    return await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("two instances, one database, one bucket", () => {
  let productId: number;
  let key: string;

  it("an image uploaded through instance A goes to the bucket in every width, and to no DATA_DIR", async () => {
    const response = await call(formAction, instanceA.context, requestAs(admin, "/admin/produtos/novo", { form: productForm("Bolsa do Bucket", await png("#0f766e", 900)) }));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    const [row] = await t.db.select({ id: products.id, images: products.images }).from(products).where(eq(products.name, "Bolsa do Bucket"));
    productId = row!.id;
    key = row!.images[0]!;
    expect(await objectNames(`${key}-`)).toEqual([`${key}-320.webp`, `${key}-480.webp`, `${key}-640.webp`, `${key}-og.jpg`]);
    expect(await sharp((await objects.read(`${key}-640.webp`))!).metadata()).toMatchObject({ format: "webp", width: 640, height: 640 });
    expect(await sharp((await objects.read(`${key}-og.jpg`))!).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(filesUnder(path.join(instanceA.dataDir, "media"))).toEqual([]);
    expect(filesUnder(path.join(instanceB.dataDir, "media"))).toEqual([]);
  });

  it("instance B shows it on the product page and serves its files from the bucket at /media", async () => {
    const page = await fetch(`${httpB.origin}/produto/${productId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`/media/${key}-640.webp`);
    expect(html).toContain(`/media/${key}-320.webp 320w`);

    const image = await fetch(`${httpB.origin}/media/${key}-640.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(Buffer.compare(bytes, (await objects.read(`${key}-640.webp`))!)).toBe(0);
    expect(image.headers.get("content-length")).toBe(String(bytes.byteLength));

    const head = await fetch(`${httpB.origin}/media/${key}-og.jpg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/jpeg");

    for (const missing of [`${key}-9999.webp`, "..%2Fauth-secret", "nada.webp", `${key}-640.webp%00.js`]) {
      const answer = await fetch(`${httpB.origin}/media/${missing}`);
      expect(answer.status, missing).toBe(404);
      expect(answer.headers.get("content-type"), missing).toMatch(/^text\/plain/);
    }
  });

  it("serves only the shop's image files from the bucket, as images with nosniff, whatever type an object was stored with", async () => {
    const client = s3Client(bucket.settings);
    const page = "<!doctype html><script>alert(document.cookie)</script>";
    const planted = { "pagina.html": "text/html", "nota.txt": "text/plain", "imagem.svg": "image/svg+xml", [`${key}-640.html`]: "text/html", [`${"c".repeat(24)}-640.webp`]: "text/html" };
    for (const [name, type] of Object.entries(planted)) {
      await client.send(new PutObjectCommand({ Bucket: bucket.settings.bucket, Key: name, Body: page, ContentType: type }));
    }
    for (const name of ["pagina.html", "nota.txt", "imagem.svg", `${key}-640.html`]) {
      const answer = await fetch(`${httpB.origin}/media/${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.headers.get("content-type"), name).toMatch(/^text\/plain/);
      expect(await answer.text(), name).not.toContain("<script>");
    }
    // A name shaped like an image's, stored as HTML: served as what its name says, and the browser told not to guess.
    const lookalike = await fetch(`${httpB.origin}/media/${"c".repeat(24)}-640.webp`);
    expect(lookalike.headers.get("content-type")).toBe("image/webp");
    expect(lookalike.headers.get("x-content-type-options")).toBe("nosniff");
    for (const name of Object.keys(planted)) await client.send(new DeleteObjectCommand({ Bucket: bucket.settings.bucket, Key: name }));
  });

  it("the catalogues' square picture is made once into the bucket, and then the other instance serves that one", async () => {
    const fromB = await fetch(`${httpB.origin}/feeds/imagens/${key}.jpg`);
    expect(fromB.status).toBe(200);
    const square = Buffer.from(await fromB.arrayBuffer());
    expect(await sharp(square).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 640 });
    expect(await objectNames(`${key}-square`)).toEqual([`${key}-square.jpg`]);
    const fromA = await squareImageResponse(instanceA.context.db, mediaStorageOf(instanceA.context.config), `${key}.jpg`);
    expect(Buffer.compare(Buffer.from(await fromA.arrayBuffer()), square)).toBe(0);
  });

  it("deleting the product through instance A removes every object of its image, and B answers 404", async () => {
    const response = await call(listAction, instanceA.context, requestAs(admin, "/admin/produtos", { form: new URLSearchParams({ intent: "delete", id: String(productId) }) }));
    expect((response as Response).status).toBe(302);
    expect(await objectNames(`${key}-`)).toEqual([]);
    expect((await fetch(`${httpB.origin}/media/${key}-640.webp`)).status).toBe(404);
    // The seed's images, which other products use, are all still there.
    expect((await objectNames()).length).toBe(filesUnder(t.mediaDir).length);
  });

  it("a bucket out of reach: /media answers 503 (try again), never a 404 to cache; an upload fails and leaves no row", async () => {
    // A client for a port nobody listens on.
    const offline = s3MediaStorage({ ...bucket.settings, endpoint: `http://127.0.0.1:${await findFreePort()}` });
    const app = express().use("/media", mediaFromStorage(offline));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media/${"a".repeat(24)}-640.webp`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.headers.get("cache-control")).toBeNull();
      expect(await answer.text()).toBe("Imagem indisponível no momento.");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const [before] = await t.db.select({ n: count() }).from(media);
    const failure = await storeImage(t.db, offline, await png("#000000", 400), "x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ImageRejectedError);
    const [after] = await t.db.select({ n: count() }).from(media);
    expect(after!.n).toBe(before!.n);
  }, 60_000);
});

describe("MEDIA_URL", () => {
  let http: HttpApp;
  let mediaUrl: string;
  let key: string;
  let productId: number;

  beforeAll(async () => {
    // The bucket's own address as the public base (s3rver answers unsigned reads, as a public bucket does).
    mediaUrl = `${bucket.settings.endpoint}/${bucket.settings.bucket}`;
    const context = inBucket(instanceB.context, { mediaUrl });
    http = await startHttpApp(context, { withSecurityHeaders: true });
    const response = await call(formAction, instanceA.context, requestAs(admin, "/admin/produtos/novo", { form: productForm("Bolsa da CDN", await png("#7c3aed", 700)) }));
    expect((response as Response).status).toBe(302);
    const [row] = await t.db.select({ id: products.id, images: products.images }).from(products).where(eq(products.name, "Bolsa da CDN"));
    productId = row!.id;
    key = row!.images[0]!;
  }, 120_000);
  afterAll(() => http?.close());

  it("pages point images, their srcset and the share preview at MEDIA_URL, which the page's policy allows", async () => {
    const page = await fetch(`${http.origin}/produto/${productId}`);
    const html = await page.text();
    expect(html).toContain(`src="${mediaUrl}/${key}-640.webp"`);
    expect(html).toContain(`${mediaUrl}/${key}-320.webp 320w`);
    expect(html).toContain(`<meta property="og:image" content="${mediaUrl}/${key}-og.jpg"/>`);
    expect(html).not.toContain(`"/media/${key}`);
    expect(page.headers.get("content-security-policy")).toMatch(new RegExp(`img-src 'self' data: https://\\*\\.googleusercontent\\.com ${bucket.settings.endpoint!.replace(/[.]/g, "\\.")};`));
    // What the browser then fetches is there.
    const image = await fetch(`${mediaUrl}/${key}-640.webp`);
    expect(image.status).toBe(200);
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 640 });
  });
});

describe("backup with the images in a bucket", () => {
  it("the backup carries the bucket's objects, and a restore puts them into an empty bucket", async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bucket-backup-"));
    const other = await startLocalBucket();
    const restoredDb = await createTestDatabase({ seeded: false });
    try {
      const file = path.join(tempDir, "loja.tar.gz");
      const manifest = await createBackup(t.pool, { mediaDir: path.join(tempDir, "no-media"), bucket: objects, authSecretFile: null }, file);
      const names = await objectNames();
      expect(manifest.media.files).toBe(names.length);

      const target = s3MediaStorage(other.settings);
      // A fresh database (migrated, no rows yet) so only the images decide.
      await restoredDb.pool.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public");
      await restoreBackup(restoredDb.pool, { mediaDir: path.join(tempDir, "unused"), bucket: target, authSecretFile: null }, file);
      const restored: string[] = [];
      for await (const object of target.list()) restored.push(object.name);
      expect(restored.sort()).toEqual(names);
      expect(Buffer.compare((await target.read(names[0]!))!, (await objects.read(names[0]!))!)).toBe(0);
      expect(fs.existsSync(path.join(tempDir, "unused"))).toBe(false);

      // A bucket that already holds images is not overwritten without --replace.
      await expect(restoreBackup(restoredDb.pool, { mediaDir: path.join(tempDir, "unused"), bucket: target, authSecretFile: null }, file, { replace: false })).rejects.toThrow(
        new RegExp(`s3://${other.settings.bucket} já tem ${names.length} arquivos`),
      );
      // Nothing left out: copyMedia agrees the copy is whole.
      expect(await copyMedia(objects, target)).toEqual({ copied: 0, alreadyThere: names.length, bytes: 0 });
    } finally {
      await restoredDb.close();
      await other.close();
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  }, 120_000);
});
