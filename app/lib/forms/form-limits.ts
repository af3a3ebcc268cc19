// The limits a form's inputs show the browser (maxLength, required, min, max), read from the form's
// zod schema so that a limit is written once, in the schema. Nothing of zod runs here: the schema is
// only inspected.
import type { z } from "zod";

export type InputLimits = { required?: true; maxLength?: number; min?: number; max?: number };

/** By input name; a list's items are under `*` (`locations.*.name` for `locations.0.name`). */
export type FormLimits = Partial<Record<string, InputLimits>>;

type Check = { check: string; value?: number; minimum?: number; maximum?: number; length?: number; inclusive?: boolean };
type Definition = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
};

const definition = (schema: z.ZodType) => schema._zod.def as unknown as Definition;

/** What the checks of a string or number say (`.min`, `.max`, `.length`); refinements say nothing here. */
function checkLimits(def: Definition): InputLimits {
  const limits: InputLimits = {};
  for (const { _zod: { def: check } } of def.checks ?? []) {
    if (check.check === "min_length" && check.minimum! > 0) limits.required = true;
    else if (check.check === "max_length") limits.maxLength = Math.min(limits.maxLength ?? Infinity, check.maximum!);
    else if (check.check === "length_equals") Object.assign(limits, { required: true, maxLength: check.length! });
    // Inclusive bounds only: `.positive()` is no `min` an input could show.
    else if (check.check === "greater_than" && check.inclusive) limits.min = check.value!;
    else if (check.check === "less_than" && check.inclusive) limits.max = check.value!;
  }
  return limits;
}

/** The limits one value's schema states, through defaults, optionals and pipes. */
function valueLimits(schema: z.ZodType): InputLimits {
  const def = definition(schema);
  if (def.type === "string" || def.type === "number") return checkLimits(def);
  if (def.type === "pipe") {
    // A preprocess (a transform, then the schema) is limited by what follows it; a transform by what comes before it.
    if (definition(def.in!).type === "transform") return valueLimits(def.out!);
    if (definition(def.out!).type === "transform") return valueLimits(def.in!);
    return { ...valueLimits(def.out!), ...valueLimits(def.in!) };
  }
  return def.innerType ? valueLimits(def.innerType) : {};
}

/** The schema under its defaults, optionals, refinements and transforms (a preprocess: the schema after it). */
function core(schema: z.ZodType): z.ZodType {
  const def = definition(schema);
  if (def.type === "pipe") return core(definition(def.in!).type === "transform" ? def.out! : def.in!);
  return def.innerType ? core(def.innerType) : schema;
}

/** The limits of every input under `name`: an object's fields by `.`, a list's items by `.*`. */
function collect(schema: z.ZodType, name: string, limits: FormLimits) {
  const inner = core(schema);
  const def = definition(inner);
  if (def.type === "array") return collect(def.element!, `${name}.*`, limits);
  if (def.type === "object") {
    for (const [key, field] of Object.entries((inner as z.ZodObject).shape)) collect(field, name ? `${name}.${key}` : key, limits);
    return;
  }
  const found = valueLimits(schema);
  if (Object.keys(found).length > 0) limits[name] = found;
}

const cache = new WeakMap<z.ZodType, FormLimits>();

/** Every input's limits, by name, from the form's schema. */
export function formLimits(schema: z.ZodType): FormLimits {
  let limits = cache.get(schema);
  if (!limits) {
    limits = {};
    collect(schema, "", limits);
    cache.set(schema, limits);
  }
  return limits;
}
