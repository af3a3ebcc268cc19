// `npm run media:migrate`: the images of DATA_DIR/media copied into the bucket, so a shop that grows
// to several machines keeps its pictures. Idempotent: an object already in the bucket with the same
// size is left alone, so a copy cut short is finished by running it again.
import type { MediaStorage } from "./media-storage.server";

export type MediaCopyCounts = { copied: number; alreadyThere: number; bytes: number };

/** Copies every object of `from` missing from `to` (or there with another size); `onCopied` per object. */
export async function copyMedia(from: MediaStorage, to: MediaStorage, { onCopied }: { onCopied?: (name: string) => void } = {}): Promise<MediaCopyCounts> {
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.name, object.size);
  const counts: MediaCopyCounts = { copied: 0, alreadyThere: 0, bytes: 0 };
  for await (const object of from.list()) {
    if (present.get(object.name) === object.size) {
      counts.alreadyThere += 1;
      continue;
    }
    const bytes = await from.read(object.name);
    // Deleted meanwhile (its product with it): nothing to copy.
    if (!bytes) continue;
    await to.put(object.name, bytes);
    counts.copied += 1;
    counts.bytes += bytes.byteLength;
    onCopied?.(object.name);
  }
  return counts;
}
