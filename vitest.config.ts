import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TYPEGEN_OUTPUT = path.resolve(".react-router", "types");
/** What a removal and a write of one folder at once raise: a file gone, or one added mid-removal. */
const RACE_CODES = new Set(["ENOENT", "ENOTEMPTY"]);

/**
 * React Router's Vite plugin regenerates its route types whenever a dev server starts: it removes
 * `.react-router/types`, then writes it again, unawaited. Test files that start the app through Vite
 * (tests/setup/http-app.ts) run side by side, so one file's removal can land between another's mkdir
 * and its write, or a write inside another's removal: an error no test awaits (CI on Node 24,
 * 2026-11-28). The tests never read those types (`npm run typecheck` generates its own), so that
 * error is not a test's failure.
 */
function isTypegenRace(error: object): boolean {
  const { code, path: file } = error as { code?: unknown; path?: unknown };
  return RACE_CODES.has(String(code)) && typeof file === "string" && (file === TYPEGEN_OUTPUT || file.startsWith(TYPEGEN_OUTPUT + path.sep));
}

// Kept apart from vite.config.ts on purpose: the React Router and Tailwind plugins are not wanted in
// tests, only the tsconfig path aliases (`~/*` -> app/*, `#database/*` -> database/*).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    exclude: ["**/node_modules/**", "build/**", "tests/e2e/**"],
    // One PostgreSQL for the whole run with a migrated and seeded template database; every test file
    // clones its own database from it (tests/setup/test-database.ts), so files run in parallel.
    globalSetup: ["tests/setup/global-database.ts"],
    // Vitest's default (CPUs - 1) is one worker on a 2-core machine; database tests mostly wait on
    // PostgreSQL, so two files side by side finish sooner.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Starting PostgreSQL and seeding (sharp renders the 20 product images) takes a few seconds on a
    // 2-core machine; the defaults (10 s) leave too little margin when the machine is busy. A file's
    // first request also compiles the route modules it reaches: 20 s was overrun on a busy machine
    // (2026-11-26, the admin layout's first GET and the first checkout), so tests get 45 s.
    hookTimeout: 60_000,
    testTimeout: 45_000,
    teardownTimeout: 30_000,
    onUnhandledError: (error) => !isTypegenRace(error),
  },
});
