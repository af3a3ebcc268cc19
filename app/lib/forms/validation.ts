// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that configures zod
import { z } from "zod";

// zod compiles object parsers with `new Function` unless told not to; the storefront's
// Content-Security-Policy forbids eval, so in the browser every schema must use this configured copy.
z.config({ jitless: true });

export { z };
