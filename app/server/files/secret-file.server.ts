import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The content of a secret kept in DATA_DIR (the session secret, the push keys): made by `create` on
 * the first start, readable by the app's user only. Written aside, then linked into place: when two
 * instances start at once, both end up with the one that got there first, never a half-written file.
 */
export function readOrCreateSecretFile(file: string, create: () => string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, create(), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, "utf8");
}
