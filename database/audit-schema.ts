// The admin audit log (/admin/auditoria): one row per change an admin made, written in the same
// transaction as the change, so the log and the data cannot disagree.
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for the command line (`npm run admin`), or once the account is gone: the snapshot stays. */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who it was when they acted: the account may be renamed or removed later. */
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** `{entity}.{verb}`, such as "product.update"; the page says it in Portuguese. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** What the entity was called then (product name, order code, e-mail), for deleted ones too. */
    entityLabel: text("entity_label").notNull().default(""),
    /** Only the fields that changed; null before a creation and after a deletion. */
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at.desc(), table.id.desc()),
    index("audit_log_entity_idx").on(table.entityType, table.at.desc()),
  ],
);
