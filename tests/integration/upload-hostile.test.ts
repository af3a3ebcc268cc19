// Hostile image uploads through the product form as the admin uses it (the route's action, then
// saveProduct and the media pipeline in app/server/media/images.server.ts): each is refused with a pt-BR
// message and leaves nothing behind, or is neutralised: decoded and re-encoded (nothing of the
// original bytes survives, metadata such as GPS included), stored under a random name, inside the
// media directory only.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products } from "#database/schema";
import { action as formAction } from "~/routes/admin/product-form";
import type { LoadContext } from "~/server/load-context.server";
import { ImageRejectedError, storeImage } from "~/server/media/images.server";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import type { TestDatabase } from "../setup/test-database";
import { directoryMediaStorage } from "~/server/media/media-storage.server";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;
/** A directory of this file's own around the media directory: anything written beside it shows. */
let root: string;
let mediaDir: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "erick-upload-hostile-"));
  mediaDir = path.join(root, "media");
  await fs.mkdir(mediaDir);
  ({ t, context, admin, close } = await openAdminTest({ mediaDir }));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await close?.();
});

/** The names storeImage gives: a random 24-hex key, then the width or "og". */
const STORED_NAME = /^[0-9a-f]{24}-(?:\d+\.webp|og\.jpg)$/;

let productCounter = 0;

/** Posts the new-product form with one file, as the admin's browser does; returns status and data. */
async function upload(fileName: string, bytes: Buffer, type = "image/jpeg") {
  productCounter += 1;
  const name = `Produto Upload Hostil ${productCounter}`;
  const form = new FormData();
  const fields: Record<string, string | string[]> = {
    name,
    description: "Produto para testar envios de imagem.",
    price: "49,90",
    oldPrice: "",
    category: "Feminino",
    store: "barreiros-calcados",
    subcategory: "Sapatilhas",
    brand: "Moleca",
    stock: "3",
    sizes: ["36"],
    colors: ["Preto"],
    active: "on",
    imagesSent: "1",
  };
  for (const [field, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(field, item);
  form.append("newImages", new File([new Uint8Array(bytes)], fileName, { type }));
  let result: unknown;
  try {
    result = await formAction({ request: requestAs(admin, "/admin/produtos/novo", { form }), context, params: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, formError: null, name };
  const { data, init } = result as { data: { errors?: { form?: string } }; init: ResponseInit | null };
  return { status: init?.status ?? 200, formError: data.errors?.form, name };
}

async function state() {
  const [row] = await t.db.select({ products: count() }).from(products);
  const [mediaRow] = await t.db.select({ media: count() }).from(media);
  return {
    products: row!.products,
    media: mediaRow!.media,
    beside: (await fs.readdir(root)).sort(),
    files: (await fs.readdir(mediaDir, { recursive: true })).sort(),
  };
}

/** The stored files of the product just created, after checking they are all the pipeline's own output. */
async function storedFilesOf(productName: string) {
  const [product] = await t.db.select({ images: products.images }).from(products).where(eq(products.name, productName));
  expect(product?.images).toHaveLength(1);
  const key = product!.images[0]!;
  expect(key).toMatch(/^[0-9a-f]{24}$/);
  const files = (await fs.readdir(mediaDir)).filter((file) => file.startsWith(`${key}-`));
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const file of files) expect(file).toMatch(STORED_NAME);
  return files.map((file) => path.join(mediaDir, file));
}

async function expectRefused(outcome: Awaited<ReturnType<typeof upload>>, before: Awaited<ReturnType<typeof state>>, message: RegExp) {
  expect(outcome.status).toBe(400);
  expect(outcome.formError).toMatch(message);
  expect(await state()).toEqual(before);
}

const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#b91c1c" } })
    .jpeg()
    .toBuffer();

describe("hostile uploads", () => {
  it("a JPEG with HTML and script appended (polyglot) is re-encoded: none of the payload survives", async () => {
    const payload = Buffer.from('<html><body><script>alert(document.cookie)</script><img src=x onerror="alert(1)"></body></html>');
    const polyglot = Buffer.concat([await photo(), payload]);
    const before = await state();
    const outcome = await upload("capa.html.jpg", polyglot);
    expect(outcome.status, String(outcome.formError)).toBe(302);
    const after = await state();
    expect(after.beside).toEqual(before.beside);
    for (const file of await storedFilesOf(outcome.name)) {
      const bytes = await fs.readFile(file);
      expect(bytes.includes("<script"), file).toBe(false);
      expect(bytes.includes("<html"), file).toBe(false);
      expect((await sharp(bytes).metadata()).format).toMatch(/^(webp|jpeg)$/);
    }
  });

  it("a JPEG header followed by HTML (no picture in it) is refused; nothing stored", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.from("<script>alert(1)</script>".repeat(40))]);
    const before = await state();
    await expectRefused(await upload("foto.jpg", fake), before, /^Erro ao salvar produto: imagem “foto\.jpg”: (Arquivo de imagem inválido|Não foi possível processar a imagem)/);
  });

  it("a GIF/JavaScript polyglot is refused; nothing stored", async () => {
    // Valid as a script (GIF89a=…) and begins like a GIF.
    const polyglot = Buffer.concat([Buffer.from("GIF89a/*\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00", "latin1"), Buffer.from("*/=1;alert(document.domain);//;")]);
    const before = await state();
    await expectRefused(await upload("animacao.png", polyglot, "image/png"), before, /^Erro ao salvar produto: imagem “animacao\.png”: (Formato não aceito|Arquivo de imagem inválido)\. Envie PNG, JPG ou WEBP\./);
  });

  it("an SVG with a script (named .png) is refused by its content; nothing stored", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>');
    const before = await state();
    await expectRefused(await upload("logo.png", svg, "image/png"), before, /^Erro ao salvar produto: imagem “logo\.png”: Formato não aceito\. Envie PNG, JPG ou WEBP\.$/);
  });

  it("a pixel bomb (a 100 KB PNG declaring 30000×30000) is refused before it is decoded; nothing stored", async () => {
    // 1-bit greyscale, every row zero: 112 MB of pixel data deflates to about 100 KB.
    const width = 30_000;
    const height = 30_000;
    const chunk = (type: string, body: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      const crcBytes = Buffer.alloc(4);
      crcBytes.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), body])));
      return Buffer.concat([length, Buffer.from(type, "latin1"), body, crcBytes]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.writeUInt8(1, 8); // bit depth
    header.writeUInt8(0, 9); // greyscale
    const pixels = deflateSync(Buffer.alloc((1 + width / 8) * height), { level: 9 });
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width, height });
    const before = await state();
    await expectRefused(await upload("bomba.png", bomb, "image/png"), before, /^Erro ao salvar produto: imagem “bomba\.png”: Imagem grande demais\. Envie uma imagem de até 40 megapixels\.$/);
  });

  it("a 6 MB file is refused with the size in the message, by the form and by the media pipeline itself", async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const before = await state();
    await expectRefused(await upload("enorme.jpg", big), before, /^Erro ao salvar produto: a imagem “enorme\.jpg” tem mais de 5 MB\.$/);
    await expect(storeImage(t.db, directoryMediaStorage(mediaDir), big, "x")).rejects.toThrow(new ImageRejectedError("A imagem deve ter no máximo 5 MB."));
    expect(await state()).toEqual(before);
  });

  it("a ../ file name is only a label: the image is stored under a random name inside the media directory", async () => {
    const names = ["../../../../../tmp/erick-fora.png", "..\\..\\erick-fora.png", "../erick-fora.png"];
    for (const fileName of names) {
      const before = await state();
      const outcome = await upload(fileName, await photo(400, 400), "image/png");
      expect(outcome.status, String(outcome.formError)).toBe(302);
      const after = await state();
      // Nothing beside the media directory, nothing in a subdirectory of it, only the pipeline's names.
      expect(after.beside).toEqual(before.beside);
      for (const file of after.files) expect(file).toMatch(STORED_NAME);
      await storedFilesOf(outcome.name);
      for (const target of [path.resolve(mediaDir, fileName), path.resolve(mediaDir, fileName.replaceAll("\\", "/"))]) {
        await expect(fs.access(target)).rejects.toThrow();
      }
    }
  });

  it("a JPEG with GPS EXIF is stored without any metadata (no EXIF, no GPS, no XMP)", async () => {
    const tagged = await sharp(await photo(1200, 900))
      .withExif({
        IFD0: { Make: "Camera Teste", Model: "Celular", Artist: "Fulano" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "8/1 49/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "35/1 11/1 0/1" },
      })
      .jpeg()
      .toBuffer();
    // The source does carry them: the camera's name and the GPS directory (tag 0x8825, little-endian).
    const { exif } = await sharp(tagged).metadata();
    expect(exif?.includes("Camera Teste")).toBe(true);
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const outcome = await upload("IMG_0001.jpg", tagged);
    expect(outcome.status, String(outcome.formError)).toBe(302);
    for (const file of await storedFilesOf(outcome.name)) {
      const metadata = await sharp(file).metadata();
      expect(metadata.exif, file).toBeUndefined();
      expect(metadata.xmp, file).toBeUndefined();
      expect(metadata.iptc, file).toBeUndefined();
      const bytes = await fs.readFile(file);
      expect(bytes.includes("Camera Teste"), file).toBe(false);
      expect(bytes.includes("Fulano"), file).toBe(false);
    }
  });
});
