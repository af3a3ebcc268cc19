// The share previews of pages that have no picture of their own (the home page, the lists, the shop
// pages, /lojas, a product without photos): 1200 × 630, drawn by sharp from what the settings and the
// shop say (the group's name, the shop's name, slogan and colour), kept in DATA_DIR/share per version.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { GROUP_SHARE_IMAGE } from "~/lib/channels/channels";
import type { DatabaseOrTransaction } from "../db/database.server";
import { listShops } from "../catalog/products.server";
import { getSettings } from "../group/settings.server";

const WIDTH = 1200;
const HEIGHT = 630;
const GROUP_COLOR = "#0f172a";

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

function drawing({ title, subtitle, line, color }: { title: string; subtitle: string; line: string; color: string }): string {
  const safeColor = /^#[0-9a-f]{3,8}$/i.test(color) ? color : GROUP_COLOR;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${safeColor}"/>
  <rect x="0" y="${HEIGHT - 120}" width="${WIDTH}" height="120" fill="#000" fill-opacity="0.25"/>
  <circle cx="${WIDTH - 140}" cy="140" r="260" fill="#fff" fill-opacity="0.08"/>
  <text x="80" y="250" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#fff">${xml(title)}</text>
  <text x="80" y="340" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44" fill="#fff" fill-opacity="0.92">${xml(subtitle)}</text>
  <text x="80" y="${HEIGHT - 48}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#fff">${xml(line)}</text>
</svg>`;
}

const making = new Map<string, Promise<string>>();

/** The JPEG of the group's (or a shop's) share picture as the shop is now; null for an unknown shop. */
export async function shareImageFile(db: DatabaseOrTransaction, dataDir: string, name: string): Promise<string | null> {
  const [settings, shops] = await Promise.all([getSettings(db), listShops(db)]);
  const shop = name === GROUP_SHARE_IMAGE ? null : shops.find((candidate) => candidate.slug === name);
  if (shop === undefined) return null;
  const svg = drawing({
    title: shop ? shop.name : settings.storeName,
    subtitle: shop ? shop.slogan : shops.map((each) => each.name.replace(/^Erick\s+/i, "")).join(" · "),
    line: "Barreiros e Sirinhaém (PE) · Peça pelo WhatsApp",
    color: shop?.color ?? GROUP_COLOR,
  });
  const file = path.join(dataDir, "share", `${name}-${createHash("sha256").update(svg).digest("hex").slice(0, 16)}.jpg`);
  if (await fs.stat(file).then(() => true, () => false)) return file;
  const pending = making.get(file);
  if (pending) return pending;
  const made = (async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    await sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toFile(partial);
    await fs.rename(partial, file);
    return file;
  })().finally(() => making.delete(file));
  making.set(file, made);
  return made;
}

/**
 * The absolute URLs of the share pictures of the group (GROUP_SHARE_IMAGE) and of each shop (by slug),
 * versioned by what they show, so a renamed shop's preview is fetched anew. Computed on the server
 * and sent with the storefront's shell: the pages' JavaScript does not carry this.
 */
export function shareImageUrls(
  origin: string,
  storeName: string,
  shops: readonly { slug: string; name: string; slogan: string; color: string }[],
): { group: string; shops: Record<string, string> } {
  const version = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 10);
  return {
    group: `${origin}/compartilhar/${GROUP_SHARE_IMAGE}.jpg?v=${version([storeName, ...shops.map((shop) => shop.name)].join("\u0000"))}`,
    shops: Object.fromEntries(
      shops.map((shop) => [shop.slug, `${origin}/compartilhar/${shop.slug}.jpg?v=${version([shop.name, shop.slogan, shop.color].join("\u0000"))}`]),
    ),
  };
}

/** `/compartilhar/{grupo|shop}.jpg` as a response. */
export async function shareImageResponse(db: DatabaseOrTransaction, dataDir: string, fileName: string): Promise<Response> {
  const name = /^([a-z0-9-]{1,40})\.jpg$/.exec(fileName)?.[1];
  const file = name ? await shareImageFile(db, dataDir, name) : null;
  if (!file) return new Response("Imagem não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(await fs.readFile(file)), {
    // The page links it with ?v= of what it shows: a day is plenty, a change gets a new address.
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400" },
  });
}
