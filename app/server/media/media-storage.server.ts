// Where uploaded images and their derivatives live: files under DATA_DIR/media (one machine), or an
// S3-compatible bucket (several machines share the pictures). Objects are named as the files always
// were (`{key}-{width}.webp`, `{key}-og.jpg`, `{key}-square.jpg`), at the top of the directory or
// bucket, so a MEDIA_URL in front of the bucket serves them at the same names as /media does.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { AppConfig, S3Settings } from "../config.server";

/** One stored object as served: its bytes as a stream, length and type. */
export type MediaObject = { body: Readable; size: number; contentType: string };

export type MediaStorage = {
  /** For messages and logs: the directory, or s3://bucket (never a credential). */
  readonly description: string;
  put(name: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none by that name. */
  read(name: string): Promise<Buffer | null>;
  /** The object as a stream to answer a request with, or null. */
  open(name: string): Promise<MediaObject | null>;
  exists(name: string): Promise<boolean>;
  /** Removes every object whose name starts with `prefix` (an image's `{key}-`). */
  removeByPrefix(prefix: string): Promise<void>;
  /** Every object, name and size (for copies and backups). */
  list(): AsyncIterable<{ name: string; size: number }>;
};

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png" };

export function mediaContentType(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** A flat name the app itself made: no directory part, nothing a path could climb out with. */
const OBJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkedName(name: string): string {
  if (!OBJECT_NAME.test(name) || name.includes("..")) throw new RangeError(`invalid media object name: ${JSON.stringify(name)}`);
  return name;
}

export function directoryMediaStorage(directory: string): MediaStorage {
  const file = (name: string) => path.join(directory, checkedName(name));
  return {
    description: directory,
    async put(name, bytes) {
      await fs.mkdir(directory, { recursive: true });
      // Written aside and renamed: a reader never sees half a picture.
      const partial = `${file(name)}.${process.pid}.part`;
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file(name));
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
    async read(name) {
      return fs.readFile(file(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },
    async open(name) {
      if (!OBJECT_NAME.test(name)) return null;
      const stat = await fs.stat(file(name)).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file(name)), size: stat.size, contentType: mediaContentType(name) };
    },
    async exists(name) {
      return fs.stat(file(name)).then((stat) => stat.isFile(), () => false);
    },
    async removeByPrefix(prefix) {
      const files = await fs.readdir(directory).catch(() => [] as string[]);
      await Promise.all(files.filter((each) => each.startsWith(prefix)).map((each) => fs.rm(path.join(directory, each), { force: true })));
    },
    async *list() {
      const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".part")) continue;
        const stat = await fs.stat(path.join(directory, entry.name)).catch(() => null);
        if (stat) yield { name: entry.name, size: stat.size };
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, Spaces, s3rver) differ
    // in which of the newer checksum headers they accept.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3MediaStorage(settings: S3Settings, client: S3Client = s3Client(settings)): MediaStorage {
  const Bucket = settings.bucket;
  return {
    description: `s3://${Bucket}`,
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedName(name),
          Body: bytes,
          ContentType: mediaContentType(name),
          // The same as /media says: a name is never reused for other pixels.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async read(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedName(name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(name) {
      if (!OBJECT_NAME.test(name)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? mediaContentType(name) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedName(name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async removeByPrefix(prefix) {
      const names: string[] = [];
      for await (const object of listObjects(client, Bucket, prefix)) names.push(object.name);
      // DeleteObjects takes at most 1,000 keys.
      for (let start = 0; start < names.length; start += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true } }));
      }
    },
    list: () => listObjects(client, Bucket, ""),
  };
}

async function* listObjects(client: S3Client, Bucket: string, Prefix: string): AsyncIterable<{ name: string; size: number }> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: Prefix || undefined, ContinuationToken }));
    for (const object of page.Contents ?? []) if (object.Key) yield { name: object.Key, size: object.Size ?? 0 };
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

export class MediaStorageUnreachableError extends Error {}

/**
 * Lists one object, so a start with a wrong endpoint, bucket or key says so at once, naming the
 * settings to check (never their values), instead of failing at the first upload.
 */
export async function ensureMediaStorageReachable(storage: MediaStorage): Promise<void> {
  try {
    for await (const _object of storage.list()) break;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = status ? `HTTP ${status}, ${(error as Error).name}` : (error as NodeJS.ErrnoException).code ?? (error as Error).name;
    throw new MediaStorageUnreachableError(
      `O bucket de imagens ${storage.description} não respondeu (${reason}): confira S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY.`,
    );
  }
}

const storages = new WeakMap<object, MediaStorage>();

/**
 * The media storage `config` names: the bucket when S3_BUCKET is set, else its media directory. One
 * per configuration object, so a process keeps one S3 client (and its connection pool).
 */
export function mediaStorageOf(config: Pick<AppConfig, "mediaDir" | "s3">): MediaStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? s3MediaStorage(config.s3) : directoryMediaStorage(config.mediaDir);
    storages.set(config, storage);
  }
  return storage;
}
