/** A setting the start cannot run with: the message names the variables and what to do (pt-BR). */
export class ConfigError extends Error {}
