import { eq } from "drizzle-orm";
import { settings as settingsTable } from "#database/schema";
import { type Settings } from "~/lib/group/settings";
import { DEFAULT_SETTINGS, settingsSchema } from "~/lib/group/settings.schema";
import type { DatabaseOrTransaction } from "../db/database.server";

/** The settings this process read last: the error page's contact while the database is unreachable. */
let lastReadSettings: Settings = DEFAULT_SETTINGS;

export function lastKnownSettings(): Settings {
  return lastReadSettings;
}

/**
 * The settings row, with defaults for any field it lacks. Read on every request (one indexed row) so
 * that a change in the admin shows at once on every app instance.
 */
export async function getSettings(db: DatabaseOrTransaction): Promise<Settings> {
  const [row] = await db.select({ data: settingsTable.data }).from(settingsTable).where(eq(settingsTable.id, 1));
  if (!row) return DEFAULT_SETTINGS;
  const parsed = settingsSchema.safeParse(row.data);
  lastReadSettings = parsed.success ? parsed.data : DEFAULT_SETTINGS;
  return lastReadSettings;
}
