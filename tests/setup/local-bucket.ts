// An S3-compatible server on 127.0.0.1 (s3rver, files in a temporary directory), with one empty bucket,
// for the media tests: what a bucket at Backblaze, Cloudflare R2 or AWS is to the shop in production.
//
//   const bucket = await startLocalBucket();
//   const config = { ...loadConfig({}), s3: bucket.settings };   // or bucket.env for a process
//   await bucket.close();
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "~/server/config.server";
import { findFreePort } from "~/server/db/free-port.server";

export type LocalBucket = {
  /** What loadConfig makes of `env`: the bucket, path-style at the local endpoint. */
  settings: S3Settings;
  /** The same as environment variables (S3_*), for an app process. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (the bucket is a sub-directory). */
  directory: string;
  close(): Promise<void>;
};

/** s3rver's built-in account: it checks the request signatures against these. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export async function startLocalBucket({ bucket = `erick-media-${randomBytes(3).toString("hex")}` } = {}): Promise<LocalBucket> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "erick-s3rver-"));
  const port = await findFreePort();
  const server = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: "us-east-1", endpoint, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY },
    directory,
    close: async () => {
      await server.close().catch(() => {});
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
