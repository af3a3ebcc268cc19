// `npm run media:migrate`: copies the images of DATA_DIR/media into the bucket named by S3_BUCKET (and
// S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), before the shop starts with them.
// Run again, it copies only what is missing. See app/server/media/media-copy.server.ts.
import fs from "node:fs";
import { exitOnConfigProblem, loadScriptConfig } from "~/server/ops/script-config.server";
import { copyMedia } from "~/server/media/media-copy.server";
import { directoryMediaStorage, mediaStorageOf } from "~/server/media/media-storage.server";

async function main(): Promise<number> {
  const config = loadScriptConfig();
  if (!config.s3) {
    exitOnConfigProblem("S3_BUCKET não está definido: diga para qual bucket copiar (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY e, fora da AWS, S3_ENDPOINT).");
  }
  if (!fs.existsSync(config.mediaDir)) exitOnConfigProblem(`${config.mediaDir} não existe: confira DATA_DIR.`);
  const bucket = mediaStorageOf(config);
  const started = performance.now();
  let shown = 0;
  try {
    const counts = await copyMedia(directoryMediaStorage(config.mediaDir), bucket, {
      onCopied: () => {
        shown += 1;
        if (shown % 100 === 0) console.log(`  ${shown} copiadas…`);
      },
    });
    console.log(
      `Imagens de ${config.mediaDir} em ${bucket.description}: ${counts.copied} copiadas ` +
        `(${(counts.bytes / 1024 / 1024).toFixed(1)} MB), ${counts.alreadyThere} já estavam lá; ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    console.error(`Não foi possível copiar para ${bucket.description}${status ? ` (HTTP ${status})` : ""}: ${(error as Error).message}`);
    return 1;
  }
}

process.exit(await main());
