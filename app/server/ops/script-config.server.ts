// How every command-line script (npm run admin, media:migrate, backup, restore) meets a configuration
// problem: the pt-BR message that names the variable, exit code 1, and no stack trace — the person at
// the terminal fixes the environment, there is no bug to report.
import { loadConfig, type AppConfig } from "~/server/config.server";
import { ConfigError } from "~/server/config/config-error.server";

export type ScriptExit = { error: (message: string) => void; exit: (code: number) => never };

const processExit: ScriptExit = { error: console.error, exit: (code) => process.exit(code) };

/** Ends the script on a configuration problem: `message` (naming the variable), exit code 1. */
export function exitOnConfigProblem(message: string, io: ScriptExit = processExit): never {
  io.error(message);
  return io.exit(1);
}

/** The configuration, as the app reads it; on a ConfigError the script ends with its message. */
export function loadScriptConfig(env: Record<string, string | undefined> = process.env, io: ScriptExit = processExit): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return exitOnConfigProblem(error.message, io);
    throw error;
  }
}
