// `npm run bench:media [-- --images 100 --seconds 10 --connections 20]`
//
// What moving the images into a bucket costs the app, against a local S3-compatible server (s3rver on
// loopback, as the tests use; a real bucket adds its network round trip, ~10–60 ms from a VPS in
// Brazil to a provider's region): copying DATA_DIR/media into the bucket as `npm run media:migrate`
// does (images per second), and serving one picture through the app's `/media` from the directory
// (Express's static files) and from the bucket (read through the app, for a shop without MEDIA_URL).
// With MEDIA_URL set, browsers fetch pictures from the bucket or CDN and the app serves none.
//
// Figures, not pass/fail; run it on a quiet machine and compare runs made back to back.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import express from "express";
import sharp from "sharp";
import { copyMedia } from "~/server/media/media-copy.server";
import { directoryMediaStorage, s3MediaStorage } from "~/server/media/media-storage.server";
import { mediaFiles } from "../server/media-files";
import { startLocalBucket } from "../tests/setup/local-bucket";

const { values } = parseArgs({ options: { images: { type: "string", default: "100" }, seconds: { type: "string", default: "10" }, connections: { type: "string", default: "20" } } });
const images = Number(values.images);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-media-"));
const mediaDir = path.join(root, "media");
fs.mkdirSync(mediaDir);
const bucket = await startLocalBucket();
try {
  // An image as the pipeline stores it: four WebP widths and the share JPEG.
  const noise = Buffer.alloc(1024 * 1024 * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  // Blurred, so it compresses about as a product photo does (tens of KB at 640 px, not hundreds).
  const photo = sharp(await sharp(noise, { raw: { width: 1024, height: 1024, channels: 3 } }).blur(1).png().toBuffer());
  const files: { name: string; bytes: Buffer }[] = [];
  for (const width of [320, 480, 640, 1024]) files.push({ name: `-${width}.webp`, bytes: await photo.clone().resize({ width }).webp({ quality: 78 }).toBuffer() });
  files.push({ name: "-og.jpg", bytes: await photo.clone().resize({ width: 1200, height: 630, fit: "contain" }).jpeg({ quality: 80 }).toBuffer() });
  for (let image = 0; image < images; image += 1) {
    const key = image.toString(16).padStart(24, "0");
    for (const file of files) fs.writeFileSync(path.join(mediaDir, `${key}${file.name}`), file.bytes);
  }
  const totalBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0) * images;

  let started = performance.now();
  const copied = await copyMedia(directoryMediaStorage(mediaDir), s3MediaStorage(bucket.settings));
  const copySeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await copyMedia(directoryMediaStorage(mediaDir), s3MediaStorage(bucket.settings));
  const againSeconds = (performance.now() - started) / 1000;

  async function serve(config: Parameters<typeof mediaFiles>[0]) {
    const app = express().use("/media", mediaFiles(config));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/${"0".repeat(24)}-640.webp`;
    const check = await fetch(url);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
    await check.arrayBuffer();
    const result = await autocannon({ url, connections, duration: seconds });
    await new Promise((resolve) => server.close(resolve));
    return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
  }
  const fromDirectory = await serve({ mediaDir, s3: null });
  const fromBucket = await serve({ mediaDir, s3: bucket.settings });

  const at = new Date().toISOString().slice(0, 16).replace("T", " ");
  console.log(`### Media in a bucket (${at} UTC, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)})\n`);
  console.log(`- media:migrate's copy: ${copied.copied} files (${images} images, ${(totalBytes / 1024 / 1024).toFixed(1)} MB) in ${copySeconds.toFixed(1)} s: ${(images / copySeconds).toFixed(0)} images/s; run again: ${again.alreadyThere} already there, ${again.copied} copied, ${againSeconds.toFixed(2)} s`);
  console.log(`- \`/media\` one 640 px WebP (${(files[2]!.bytes.byteLength / 1024).toFixed(0)} KB), ${connections} connections, ${seconds} s, one process:\n`);
  console.log("| served from | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---|---|---|---|");
  console.log(`| DATA_DIR/media (express.static) | ${fromDirectory.rps} | ${fromDirectory.p50} | ${fromDirectory.p99} | ${fromDirectory.errors} |`);
  console.log(`| bucket through the app (s3rver on loopback) | ${fromBucket.rps} | ${fromBucket.p50} | ${fromBucket.p99} | ${fromBucket.errors} |`);
} finally {
  await bucket.close();
  fs.rmSync(root, { recursive: true, force: true });
}
