// Accounts, written by hand for Better Auth's Drizzle adapter (app/server/auth/auth.server.ts passes
// these tables as its schema). The adapter addresses tables by model name (user, session, account,
// verification) and columns by the property names below, so those names must stay as they are; the
// SQL names are ours. Better Auth checks this shape against its own when it starts.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { storeLocations } from "./catalog-schema";

export const USER_ROLES = ["customer", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** What a member of staff (role admin) may do: app/lib/staff/staff-roles.ts. */
export const STAFF_ROLES = ["dono", "gerente", "vendedor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A shopper or a member of staff (role admin). */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-case; Better Auth lower-cases it on sign-up and sign-in. */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** Photo URL from Google. */
    image: text("image"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    /** Set exactly when role is admin. */
    staffRole: text("staff_role", { enum: STAFF_ROLES }),
    /** The store a Vendedor works at (their orders and stock); set exactly for a Vendedor. */
    staffStoreId: integer("staff_store_id").references(() => storeLocations.id),
    phone: text("phone"),
    /** Delivery address as the shopper typed it, used to pre-fill checkout. */
    address: text("address"),
    /** Set by Better Auth's two-factor plugin once the first authenticator code is confirmed. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("users_role_check", sql`${table.role} in ('customer', 'admin')`),
    check("users_staff_role_check", sql`(${table.role} = 'admin') = (${table.staffRole} is not null)`),
    check("users_staff_role_value_check", sql`${table.staffRole} in ('dono', 'gerente', 'vendedor')`),
    check("users_staff_store_check", sql`coalesce(${table.staffRole} = 'vendedor', false) = (${table.staffStoreId} is not null)`),
  ],
);

/** A signed-in browser; the cookie holds the token. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** A way to sign in: "credential" (e-mail + password hash) or an OAuth provider such as "google". */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: text("provider_id").notNull(),
    /** The provider's id for the person; the user id for "credential". */
    accountId: text("account_id").notNull(),
    /** Hash made by Better Auth (scrypt); only for "credential". */
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("accounts_user_idx").on(table.userId),
    // Two sign-ins racing through the same Google account must not link it twice.
    uniqueIndex("accounts_provider_account_idx").on(table.providerId, table.accountId),
  ],
);

/** Short-lived tokens: password-reset links (single use) and OAuth state. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * The authenticator (TOTP) secret and backup codes of a user who turned on two-factor sign-in, both
 * encrypted by Better Auth with the auth secret. `verified` stays false between "Ativar" and the
 * first correct code; until then sign-in does not ask for a code. Failed codes count towards a
 * temporary lock (`lockedUntil`).
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  // One authenticator per user: two "Ativar" racing each other cannot leave two secrets.
  (table) => [uniqueIndex("two_factors_user_idx").on(table.userId)],
);

/**
 * Attempt counters for sign-in, sign-up and password reset, per client IP and path, kept in the
 * database so every app instance sees the same counts (app/server/auth/rate-limit.server.ts).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limits_window_idx").on(table.windowStart)],
);
